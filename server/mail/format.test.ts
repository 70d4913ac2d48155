import { describe, expect, it } from 'vitest';
import { escapeHtml, formatLondonDateTime, headerSafe, normaliseAddress } from './format';
import { formatReplyTo } from './outbox';
import { GIVE_UP_AFTER_MS, isPermanentFailure, retryDelayMs } from './retry';

describe('mail formatting', () => {
  it('writes dates the British way, in London time', () => {
    expect(formatLondonDateTime(new Date('2026-11-24T14:00:00Z'))).toBe('Tuesday 24 November 2026, 14:00');
    // British Summer Time: 13:05 UTC is 14:05 in London.
    expect(formatLondonDateTime(new Date('2026-07-03T13:05:00Z'))).toBe('Friday 3 July 2026, 14:05');
  });

  it('never lets a line break into a header value', () => {
    expect(headerSafe('Hi\r\nBcc: victim@example.com')).toBe('Hi Bcc: victim@example.com');
    expect(headerSafe('a\u2028b\u0085c\td\x00e')).toBe('a b c d e');
    expect(headerSafe('x'.repeat(300), 10)).toHaveLength(10);
  });

  it('escapes user text for HTML', () => {
    expect(escapeHtml(`<script>alert("x")</script>&'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
  });

  it('accepts only plain, valid addresses', () => {
    expect(normaliseAddress(' Jane@Example.COM ')).toBe('jane@example.com');
    expect(normaliseAddress('jane@example.com\r\nBcc: x@example.com')).toBeNull();
    expect(normaliseAddress('Jane <jane@example.com>')).toBeNull();
    expect(normaliseAddress('')).toBeNull();
  });

  it('builds a Reply-To that cannot break out of its quotes', () => {
    expect(formatReplyTo({ name: 'Eve "the" <hacker>\r\nBcc: x@y.z', email: 'eve@example.com' })).toBe(
      '"Eve the hacker Bcc: x@y.z" <eve@example.com>',
    );
    expect(formatReplyTo({ name: 'Eve', email: 'not an address' })).toBeNull();
  });
});

describe('retry schedule', () => {
  it('retries within a minute, then backs off to hourly', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([
      30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(GIVE_UP_AFTER_MS).toBeGreaterThanOrEqual(24 * 3_600_000);
  });

  it('gives up at once only on a recipient the server refuses', () => {
    expect(isPermanentFailure({ responseCode: 550, command: 'RCPT TO' })).toBe(true);
    expect(isPermanentFailure({ responseCode: 535, command: 'AUTH PLAIN' })).toBe(false);
    expect(isPermanentFailure({ code: 'ECONNECTION' })).toBe(false);
  });
});
