/**
 * How the app shows money and time: en-GB, and every date and time in the business's zone, Europe/London,
 * whatever the viewer's machine is set to (decision 017). Money is formatted from integer pence only.
 */
export { formatPence, formatRatePerWord } from '@shared/money';

export const TIME_ZONE = 'Europe/London';
const LOCALE = 'en-GB';

/**
 * A formatter made on first use: building an Intl formatter loads locale data (milliseconds each), and public
 * pages import this module without formatting a date, so nothing is built while the page hydrates.
 */
const format = (options: Intl.DateTimeFormatOptions) => {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, ...options }));
};
const dateOnly = format({ day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = format({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dayTime = format({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const longDate = format({ day: 'numeric', month: 'long', year: 'numeric' });
const clockTime = format({ hour: '2-digit', minute: '2-digit', second: '2-digit' });

function formatWith(formatter: () => Intl.DateTimeFormat, value: Date | string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? fallback : formatter().format(date);
}

/** "3 Mar 2025", or the fallback for a missing or invalid date. */
export const formatDate = (value: Date | string | null | undefined, fallback = '—') => formatWith(dateOnly, value, fallback);

/** "3 Mar 2025, 14:05", or the fallback for a missing or invalid date. */
export const formatDateTime = (value: Date | string | null | undefined, fallback = '—') => formatWith(dateTime, value, fallback);

/** "3 Mar, 14:05": a date this close needs no year (due dates, status history). */
export const formatDayTime = (value: Date | string | null | undefined, fallback = '—') => formatWith(dayTime, value, fallback);

/** "3 March 2025" (blog posts). */
export const formatLongDate = (value: Date | string | null | undefined, fallback = '—') => formatWith(longDate, value, fallback);

/** "14:05:09" (when a draft was saved). */
export const formatClockTime = (value: Date | string | null | undefined, fallback = '—') => formatWith(clockTime, value, fallback);

const HOUR_MS = 3_600_000;
/** Spec section 2: under 24 h the time only, under 168 h (7 days) weekday and time, else date and time. */
export const TIME_ONLY_HOURS = 24;
export const WEEKDAY_HOURS = 168;

/** When a message was sent: "14:05", "Mon 14:05" or "3 Mar 2025, 14:05" (`timeZone` is for tests). */
export function formatMessageTime(date: Date | string, now: Date = new Date(), options: { timeZone?: string } = {}): string {
  const sent = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(sent.getTime())) return '';
  const ageHours = (now.getTime() - sent.getTime()) / HOUR_MS;
  const zone = { timeZone: options.timeZone ?? TIME_ZONE };
  const time = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', ...zone }).format(sent);
  // A message stamped slightly in the future (clock skew) is "just now": show its time.
  if (ageHours < TIME_ONLY_HOURS) return time;
  if (ageHours < WEEKDAY_HOURS) {
    const weekday = new Intl.DateTimeFormat(LOCALE, { weekday: 'short', ...zone }).format(sent);
    return `${weekday} ${time}`;
  }
  const day = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', ...zone }).format(sent);
  return `${day}, ${time}`;
}
