import { usePageMeta } from '@client/lib/page-meta';
import SubmissionForm from './submission-form';

export default function CheckNowPage() {
  usePageMeta();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Submit your content for human review</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        A professional copywriter checks, polishes or rewrites your AI-generated text. You see the exact price before you pay.
      </p>
      {/* Pre-rendered with the page: the HTML holds the whole form, usable before the scripts run (issue 25). */}
      <SubmissionForm />
    </div>
  );
}
