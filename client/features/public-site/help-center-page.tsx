import { PagePlaceholder } from '@client/features/errors/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Help center" />;
}
