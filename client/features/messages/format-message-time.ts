const HOUR_MS = 3_600_000;
/** Spec section 2: under 24 h the time only, under 168 h (7 days) weekday and time, else date and time. */
export const TIME_ONLY_HOURS = 24;
export const WEEKDAY_HOURS = 168;

export interface FormatMessageTimeOptions {
  /** IANA zone; the viewer's own zone when omitted (tests pin it). */
  timeZone?: string;
}

/** When a message was sent, in en-GB: "14:05", "Mon 14:05" or "3 Mar 2025, 14:05". */
export function formatMessageTime(
  date: Date | string,
  now: Date = new Date(),
  options: FormatMessageTimeOptions = {},
): string {
  const sent = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(sent.getTime())) return '';
  const ageHours = (now.getTime() - sent.getTime()) / HOUR_MS;
  const zone = options.timeZone ? { timeZone: options.timeZone } : {};
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', ...zone }).format(sent);
  // A message stamped slightly in the future (clock skew) is "just now": show its time.
  if (ageHours < TIME_ONLY_HOURS) return time;
  if (ageHours < WEEKDAY_HOURS) {
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', ...zone }).format(sent);
    return `${weekday} ${time}`;
  }
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', ...zone }).format(sent);
  return `${day}, ${time}`;
}
