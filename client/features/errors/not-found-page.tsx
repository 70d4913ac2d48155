import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { usePageMeta } from '@client/lib/page-meta';
import { NOT_FOUND_DESCRIPTION, NOT_FOUND_TITLE } from '@shared/routes';

export default function NotFoundPage() {
  usePageMeta(NOT_FOUND_TITLE, NOT_FOUND_DESCRIPTION);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <AlertCircle className="h-10 w-10 text-red-600" aria-hidden="true" />
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-slate-600">Did you forget to add the page to the router?</p>
      <Button asChild variant="outline">
        <Link href="/">Back to the home page</Link>
      </Button>
    </div>
  );
}
