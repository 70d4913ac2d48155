import { Link } from 'wouter';
import { FilePlus2, Inbox } from 'lucide-react';
import { Button } from '@client/components/ui/button';

export function NoSubmissionsYet() {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center">
      <Inbox className="h-8 w-8 text-slate-400" aria-hidden="true" />
      <p className="font-medium text-slate-900">No submissions yet</p>
      <p className="max-w-sm text-sm text-slate-600">Send us your first piece of content and a human reviewer will check it.</p>
      <Button asChild variant="accent">
        <Link href="/check-now">
          <FilePlus2 className="h-4 w-4" aria-hidden="true" /> Submit your first content
        </Link>
      </Button>
    </div>
  );
}

export function NoRecentActivity() {
  return (
    <div className="flex flex-col items-center gap-2 py-6 text-center">
      <Inbox className="h-6 w-6 text-slate-400" aria-hidden="true" />
      <p className="text-sm text-slate-600">No recent activity</p>
    </div>
  );
}
