import type { DiffPart } from '@shared/text-diff';

/**
 * The reviewed text with its changes: insertions underlined in green, deletions struck through in red, and each
 * announced to screen readers, so colour is never the only signal.
 */
export function DiffView({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <div
      className="max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white p-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-900"
      data-testid="diff-view"
    >
      {parts.map((part, i) =>
        part.type === 'insert' ? (
          <ins key={i} className="rounded-sm bg-green-100 text-green-900 underline decoration-green-700 decoration-2 underline-offset-2">
            <span className="sr-only">[inserted: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ) : part.type === 'delete' ? (
          <del key={i} className="rounded-sm bg-red-100 text-red-900 line-through decoration-red-700 decoration-2">
            <span className="sr-only">[deleted: </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </div>
  );
}

export function DiffLegend() {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
      <span>
        <ins className="rounded-sm bg-green-100 px-1 text-green-900 underline decoration-green-700 decoration-2">Added text</ins> is
        underlined
      </span>
      <span>
        <del className="rounded-sm bg-red-100 px-1 text-red-900 line-through decoration-red-700 decoration-2">Removed text</del> is
        struck through
      </span>
    </p>
  );
}
