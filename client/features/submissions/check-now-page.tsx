import { usePageMeta } from '@client/lib/page-meta';
import { APP_ORDER_FORM_SERVICES } from './app-order-form-services';
import { OrderFormServicesContext } from './order-form-services';
import { ORDER_FORM_ROOT_ID } from './order-form-root';
import SubmissionForm from './submission-form';

export default function CheckNowPage() {
  usePageMeta();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Submit your content for human review</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        A professional copywriter checks, polishes or rewrites your AI-generated text. You see the exact price before you pay.
      </p>
      {/* Pre-rendered with the page: the HTML holds the whole form, usable before the scripts run (issue 25). A
          visitor's island hydrates this element alone (decision 051). */}
      <div id={ORDER_FORM_ROOT_ID}>
        <OrderFormServicesContext value={APP_ORDER_FORM_SERVICES}>
          <SubmissionForm />
        </OrderFormServicesContext>
      </div>
    </div>
  );
}
