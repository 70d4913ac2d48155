import { z } from 'zod';

const LONDON_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Tuesday 24 November 2026, 14:00" in London time (built from parts: ICU versions differ on the joiner). */
export function formatLondonDateTime(date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    LONDON_DATE.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** User text as HTML paragraphs: escaped, line breaks kept. */
export function htmlParagraphs(value: string): string {
  return value
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * A value safe to place in a header: every line break (CR, LF, NEL, Unicode line/paragraph separators) and
 * other control character becomes a space, so user text can never start a new header line.
 */
export function headerSafe(value: string, maxLength = 200): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

const emailSchema = z.email();

/** A bare, valid address in lower case, or null (line breaks, display names and junk are refused). */
export function normaliseAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (trimmed.length > 254 || !emailSchema.safeParse(trimmed).success) return null;
  return trimmed.toLowerCase();
}
