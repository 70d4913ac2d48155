/**
 * The list's cursor (decision 037) with its signing key made once and the signatures it made kept (decision 079):
 * the same cursor signed twice is the same text, and only this key and this customer's cursors decode.
 */
import { describe, expect, it } from 'vitest';
import { cursorSigningKey, decodeListCursor, encodeListCursor, INVALID_CURSOR } from './list-cursor';

const position = { at: '2026-11-28T10:00:00.123456Z', id: 'B000000001' };

describe('the list cursor', () => {
  it('signs the same position for the same customer the same way, kept or not, and decodes it', () => {
    const key = cursorSigningKey('a session secret');
    const first = encodeListCursor(key, 'user-a', position);
    expect(encodeListCursor(key, 'user-a', position)).toBe(first);
    // A key made again from the same secret is another object, so nothing kept answers for it: same signature.
    expect(encodeListCursor(cursorSigningKey('a session secret'), 'user-a', position)).toBe(first);
    expect(decodeListCursor(key, 'user-a', first)).toEqual(position);
  });

  it('refuses a cursor signed for another customer or under another secret', () => {
    const key = cursorSigningKey('a session secret');
    const forA = encodeListCursor(key, 'user-a', position);
    expect(() => decodeListCursor(key, 'user-b', forA)).toThrow(INVALID_CURSOR);
    expect(() => decodeListCursor(cursorSigningKey('another secret'), 'user-a', forA)).toThrow(INVALID_CURSOR);
    const other = encodeListCursor(cursorSigningKey('another secret'), 'user-a', position);
    expect(other).not.toBe(forA);
    expect(() => decodeListCursor(key, 'user-a', other)).toThrow(INVALID_CURSOR);
  });
});
