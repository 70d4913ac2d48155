import { useEffect, useRef } from 'react';
import { LINK_STATUS_LABELS, type LinkStatus } from '@shared/link-checks.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatClockTime, formatDateTime } from '@client/lib/format';
import { useRecheckLinks, useRefreshLinks } from './api/link-checks';
import { useLinkChecks } from './api/workspace-panels';

const TONES: Record<LinkStatus, 'green' | 'blue' | 'red' | 'yellow' | 'grey'> = {
  pending: 'grey',
  live: 'green',
  redirected: 'blue',
  broken: 'red',
  unreachable: 'yellow',
};

/**
 * Every URL and DOI of the original and of the saved draft, how each answered and when (issue 23; issue 42: the
 * draft's links too, a re-check of one or all, and a link added while editing checked once the pause's save has
 * stored it). `version` is the saved draft's: a new save reads the links again.
 */
export function LinksPanel({ submissionId, version }: { submissionId: string; version?: number }) {
  const links = useLinkChecks(submissionId);
  const recheck = useRecheckLinks(submissionId);
  const refresh = useRefreshLinks(submissionId);
  const asked = useRef(new Set<string>());
  const firstVersion = useRef(version);
  useEffect(() => {
    if (version !== firstVersion.current) void refresh();
  }, [version]); // eslint-disable-line react-hooks/exhaustive-deps -- a new saved version only
  // A link only in the saved draft, not checked yet: checked now, once.
  const added = (links.data?.links ?? []).filter((l) => l.source === 'reviewed' && l.status === 'pending' && !asked.current.has(l.url)).map((l) => l.url);
  const { mutate, isPending } = recheck;
  useEffect(() => {
    if (added.length === 0 || isPending) return;
    for (const url of added) asked.current.add(url);
    mutate(added);
  }, [added.join('\n'), isPending]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by the URLs themselves

  if (links.isPending) return <Skeleton className="h-10 w-full" />;
  if (links.isError) return <p className="text-sm text-red-700">The link checks could not be loaded.</p>;
  if (links.data.links.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${submissionId}-links`}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={`${submissionId}-links`} className="text-sm font-semibold text-slate-900">
          Links and citations
        </h4>
        <Button type="button" size="sm" variant="ghost" disabled={isPending} onClick={() => mutate(undefined)}>
          {isPending ? 'Checking…' : 'Check all again'}
        </Button>
      </div>
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
            {link.source === 'reviewed' ? <Badge>Added in the review</Badge> : null}
            {link.finalUrl && link.status === 'redirected' ? <span className="text-xs break-all text-slate-600">→ {link.finalUrl}</span> : null}
            {link.error ? <span className="text-xs text-slate-600">{link.error}</span> : null}
            {link.checkedAt ? (
              <span className="text-xs text-slate-600" data-testid="link-checked-at">
                checked <time dateTime={link.checkedAt} title={formatDateTime(link.checkedAt)}>{formatClockTime(link.checkedAt)}</time>
              </span>
            ) : null}
            <Button type="button" size="sm" variant="ghost" disabled={isPending} onClick={() => mutate([link.url])} aria-label={`Check ${link.text} again`}>
              Check again
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
