import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayTime, formatLongDate, formatMessageTime } from './format';

const utc = { timeZone: 'UTC' };
// Wednesday 12 March 2025, 15:30 UTC
const now = new Date('2025-03-12T15:30:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe('formatMessageTime', () => {
  it('shows the time only under 24 hours', () => {
    expect(formatMessageTime(hoursAgo(0), now, utc)).toBe('15:30');
    expect(formatMessageTime(new Date('2025-03-12T09:05:00Z'), now, utc)).toBe('09:05');
    expect(formatMessageTime(hoursAgo(23.99), now, utc)).toBe('15:30');
  });

  it('shows weekday and time from 24 hours up to 168 hours', () => {
    expect(formatMessageTime(hoursAgo(24), now, utc)).toBe('Tue 15:30');
    expect(formatMessageTime(new Date('2025-03-08T08:15:00Z'), now, utc)).toBe('Sat 08:15');
    expect(formatMessageTime(hoursAgo(167.9), now, utc)).toBe('Wed 15:36');
  });

  it('shows date and time from 168 hours on', () => {
    expect(formatMessageTime(hoursAgo(168), now, utc)).toBe('5 Mar 2025, 15:30');
    expect(formatMessageTime(new Date('2024-12-25T18:00:00Z'), now, utc)).toBe('25 Dec 2024, 18:00');
  });

  it('accepts ISO strings, treats future stamps as recent and blanks invalid dates', () => {
    expect(formatMessageTime('2025-03-12T10:00:00.000Z', now, utc)).toBe('10:00');
    expect(formatMessageTime(new Date('2025-03-12T15:31:00Z'), now, utc)).toBe('15:31');
    expect(formatMessageTime('not a date', now, utc)).toBe('');
  });

  it("uses London time when no zone is given, whatever the machine's zone", () => {
    // 13:00 UTC on 1 July is 14:00 in London (summer time).
    expect(formatMessageTime(new Date('2025-07-01T13:00:00Z'), new Date('2025-07-01T14:00:00Z'))).toBe('14:00');
  });

  it('uses the 24-hour clock in the given zone', () => {
    expect(formatMessageTime(new Date('2025-03-12T13:00:00Z'), now, { timeZone: 'Europe/London' })).toBe('13:00');
    expect(formatMessageTime(new Date('2025-07-01T13:00:00Z'), new Date('2025-07-01T14:00:00Z'), { timeZone: 'Europe/London' })).toBe('14:00');
  });
});

describe('dates', () => {
  it('formats en-GB in London time, with a fallback for missing or invalid dates', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(formatDate('2025-06-30T23:30:00Z')).toBe('1 Jul 2025');
    expect(formatDateTime('2025-06-30T23:30:00Z')).toBe('1 Jul 2025, 00:30');
    expect(formatDayTime('2025-03-12T15:30:00Z')).toBe('12 Mar, 15:30');
    expect(formatLongDate('2025-03-12')).toBe('12 March 2025');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined, 'Not paid yet')).toBe('Not paid yet');
    expect(formatDate('not a date')).toBe('—');
  });
});
