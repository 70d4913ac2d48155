import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { liveCursorKey, openCursor, sealCursor } from './cursor';

const key = liveCursorKey('test-session-secret-that-is-long-enough-123');
const viewer = 'account-a';

describe('live stream cursors (decision 056)', () => {
  it('are opaque: not numbers, one length whatever the feed id, a fresh spelling every time', () => {
    const small = sealCursor(key, viewer, 1);
    const large = sealCursor(key, viewer, 9_007_199_254_740_991);
    for (const cursor of [small, large]) expect(cursor).toMatch(/^[A-Za-z0-9_-]{48}$/);
    // The same position never spelt twice: two pages (or one page twice) cannot tell whether anything happened between.
    const again = new Set(Array.from({ length: 100 }, () => sealCursor(key, viewer, 42)));
    expect(again.size).toBe(100);
  });

  it('do not sort in feed order', () => {
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    const cursors = ids.map((id) => sealCursor(key, viewer, id));
    // 50 cursors sorted in id order by chance: 1 in 50!.
    expect([...cursors].sort()).not.toEqual(cursors);
  });

  it('open to their feed id for their viewer only, under the same secret (so on any instance)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (id) => {
        const cursor = sealCursor(key, viewer, id);
        expect(openCursor(liveCursorKey('test-session-secret-that-is-long-enough-123'), viewer, cursor)).toBe(id);
        expect(openCursor(key, 'account-b', cursor)).toBeNull();
        expect(openCursor(liveCursorKey('another-secret-another-secret-another'), viewer, cursor)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('anything altered, cut or made up opens to nothing', () => {
    const cursor = sealCursor(key, viewer, 1234);
    fc.assert(
      fc.property(fc.nat({ max: cursor.length - 1 }), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), (at, char) => {
        const altered = `${cursor.slice(0, at)}${char}${cursor.slice(at + 1)}`;
        if (altered !== cursor) expect(openCursor(key, viewer, altered)).toBeNull();
      }),
      { numRuns: 500 },
    );
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (made) => {
        expect(openCursor(key, viewer, made)).toBeNull();
      }));
    for (const made of ['', '1', '1234', '999999999', cursor.slice(0, -1), `${cursor}A`, cursor.replace(/.$/, '=')]) {
      expect(openCursor(key, viewer, made), made).toBeNull();
    }
  });
});
