import type { DiffPart } from '../../../shared/text-diff';

/**
 * What a claim's passage says in the reviewed text (issue 45: the report states what each correction now says):
 * the passage's span in the original, carried through the word diff of the delivery. Equal text inside the span is
 * kept, deleted text dropped, and inserted text kept when it falls inside the span or replaces text at its edge
 * ("1899" → "1889"). `changed` says whether the review touched the passage; an empty text that it was removed.
 * Null when there is no diff, or when it gave up on detail (a whole-text replacement would quote everything).
 */
export function correctedWording(
  parts: readonly DiffPart[],
  span: { passageStart: number; passageEnd: number },
): { text: string; changed: boolean } | null {
  // No diff, or one that gave up on detail (all deleted, all inserted): nothing can be said of one passage.
  if (!parts.some((part) => part.type === 'equal')) return null;
  const start = span.passageStart;
  const end = Math.max(span.passageEnd, span.passageStart);
  let at = 0; // position in the original
  let out = '';
  let touched = false; // the span holds a change (a deletion or an insertion)
  parts.forEach((part, i) => {
    if (part.type === 'insert') {
      const before = parts[i - 1];
      const after = parts[i + 1];
      const inside = at > start && at < end;
      // At the span's edge, an insertion belongs to it when it replaces deleted text of the span.
      const replacesAtStart = at === start && after?.type === 'delete' && end > start;
      const replacesAtEnd = at === end && before?.type === 'delete' && at - before.text.length < end && end > start;
      if (inside || replacesAtStart || replacesAtEnd) {
        out += part.text;
        touched = true;
      }
      return;
    }
    const from = at;
    const to = at + part.text.length;
    at = to;
    const overlapFrom = Math.max(from, start);
    const overlapTo = Math.min(to, end);
    if (overlapFrom >= overlapTo) return;
    if (part.type === 'equal') out += part.text.slice(overlapFrom - from, overlapTo - from);
    else touched = true;
  });
  const wording = out.replace(/\s+/g, ' ').trim();
  // A diff that gave up (all deleted, all inserted) quotes far more than the passage: no statement is better.
  if (wording.length > Math.max(200, (end - start) * 4)) return null;
  return { text: wording, changed: touched };
}
