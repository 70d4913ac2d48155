import { LINK_STATUS_LABELS, type LinkStatus } from '@shared/link-checks.schema';
import { Badge } from '@client/components/ui/badge';
import { Skeleton } from '@client/components/ui/skeleton';
import { useLinkChecks } from './api/workspace-panels';

const TONES: Record<LinkStatus, 'green' | 'blue' | 'red' | 'yellow' | 'grey'> = {
  pending: 'grey',
  live: 'green',
  redirected: 'blue',
  broken: 'red',
  unreachable: 'yellow',
};

/** Every URL and DOI of the original and how it answered (checked by a job once the order is paid; issue 23). */
export function LinksPanel({ submissionId }: { submissionId: string }) {
  const links = useLinkChecks(submissionId);
  if (links.isPending) return <Skeleton className="h-10 w-full" />;
  if (links.isError) return <p className="text-sm text-red-700">The link checks could not be loaded.</p>;
  if (links.data.links.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${submissionId}-links`}>
      <h4 id={`${submissionId}-links`} className="text-sm font-semibold text-slate-900">
        Links and citations
      </h4>
      <ul className="flex flex-col gap-1.5" aria-label="Links">
        {links.data.links.map((link) => (
          <li key={`${link.start}:${link.url}`} className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone={TONES[link.status]}>
              {LINK_STATUS_LABELS[link.status]}
              {link.httpStatus && link.status === 'broken' ? ` (${link.httpStatus})` : ''}
            </Badge>
            <a href={link.url} target="_blank" rel="noopener noreferrer nofollow" className="min-w-0 font-mono text-xs break-all text-emerald-800 underline">
              {link.text}
            </a>
            {link.finalUrl && link.status === 'redirected' ? <span className="text-xs break-all text-slate-600">→ {link.finalUrl}</span> : null}
            {link.error ? <span className="text-xs text-slate-600">{link.error}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
