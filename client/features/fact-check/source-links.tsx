import { ExternalLink } from 'lucide-react';

/** A claim's sources: outside links that open in a new tab and pass nothing back to this page. */
export function SourceLinks({ sources }: { sources: readonly string[] }) {
  if (sources.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label="Sources">
      {sources.map((url) => (
        <li key={url} className="min-w-0 text-sm">
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-accent inline-flex max-w-full items-center gap-1 break-all underline"
          >
            {url}
            <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
