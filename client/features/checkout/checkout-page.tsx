import { PagePlaceholder } from '@client/features/errors/page-placeholder';

export default function CheckoutPage({ submissionId }: { submissionId: string }) {
  return <PagePlaceholder title={`Checkout ${submissionId}`} />;
}
