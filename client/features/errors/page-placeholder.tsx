import { usePageMeta } from '@client/lib/page-meta';

/** A heading-only page for a screen another issue fills in. */
export function PagePlaceholder({ title }: { title: string }) {
  usePageMeta(title);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">{title}</h1>
    </div>
  );
}
