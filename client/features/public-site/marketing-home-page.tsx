import { PagePlaceholder } from '@client/features/errors/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Human review for AI-generated text" />;
}
