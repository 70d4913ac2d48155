import { lazy, Suspense } from 'react';
import { Skeleton } from '@client/components/ui/skeleton';
import { usePageMeta } from '@client/lib/page-meta';
import { useHydrated } from '@client/lib/use-hydrated';

const loadForm = () => import('./submission-form');
const SubmissionForm = lazy(loadForm);
// In the browser the form's code is fetched as soon as this page's code runs, while the page hydrates, rather than
// after hydration asks for it: the placeholder shows for one download less (issue 22: the slow form).
if (typeof window !== 'undefined') loadForm().catch(() => undefined); // a failure shows when the form renders

function FormPlaceholder() {
  return (
    <div role="status" aria-label="Loading the form" className="mt-6 grid min-h-[70rem] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-6">
        <Skeleton className="h-10 w-full max-w-md" />
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
      <Skeleton className="hidden h-80 w-full lg:block" />
    </div>
  );
}

export default function CheckNowPage() {
  usePageMeta();
  // The pre-rendered page shows the placeholder; the form (its validation, a saved draft, a prefill link) loads
  // after first paint, in the browser only.
  const hydrated = useHydrated();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Submit your content for human review</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        A professional copywriter checks, polishes or rewrites your AI-generated text. You see the exact price before you pay.
      </p>
      {hydrated ? (
        <Suspense fallback={<FormPlaceholder />}>
          <SubmissionForm />
        </Suspense>
      ) : (
        <FormPlaceholder />
      )}
    </div>
  );
}
