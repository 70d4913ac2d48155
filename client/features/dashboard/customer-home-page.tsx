import { Link } from 'wouter';
import { LayoutList } from 'lucide-react';
import { useCurrentUser } from '@client/lib/current-user';
import { usePageMeta } from '@client/lib/page-meta';
import { CustomerOverview } from './customer-overview';
import { NoSubmissionsYet } from './empty-state';
import { greetingName } from './greeting';
import { useSubmissions } from './api/get-submissions';

/** `/` for a signed-in customer. */
export default function CustomerHomePage() {
  usePageMeta('Home', 'Your HumanProof orders at a glance.');
  const { user } = useCurrentUser();
  const submissions = useSubmissions();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Welcome back, {greetingName(user)}!</h1>
      <p className="mt-1 text-slate-600">Here is what is happening with your content.</p>
      <div className="mt-8 flex flex-col gap-6">
        <CustomerOverview
          submissions={submissions}
          quickActionsDescription="Start a new order or check on the ones you have."
          secondaryAction={
            <Link href="/dashboard">
              <LayoutList className="h-4 w-4" aria-hidden="true" /> View all submissions
            </Link>
          }
          emptyActivity={<NoSubmissionsYet />}
        />
      </div>
    </div>
  );
}
