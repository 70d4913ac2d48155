/** Decision 052: what harper.js is given, masked and in pieces, with every UTF-16 offset kept. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LONG_TOKEN, maskForHarper, oneFindingPerSpan, overlapsSpan, PIECE, piecesOf, SYMBOL_RUN } from './harper-input';

/** Texts of words, spaces, line breaks, punctuation, emoji (astral, joined) and the hostile runs between them. */
const fragment = fc.oneof(
  fc.constantFrom('the', 'Teh', 'colour', 'a', '1,000', 'e.g.', ' ', '  ', '\n', '\n\n', '\r\n', '.', '!?', '…', '—', '-', '🙂', '👨‍👩‍👧', 'é', 'e\u0301'),
  fc.tuple(fc.constantFrom('x', 'é', '🙂'), fc.integer({ min: 1, max: 3 * LONG_TOKEN })).map(([unit, n]) => unit.repeat(n)),
  fc.tuple(fc.constantFrom('—', '-', '.', '…', '🙂', '- ', '🙂 ', '! ', ' . '), fc.integer({ min: 1, max: 4 * SYMBOL_RUN })).map(([unit, n]) => unit.repeat(n)),
);
const hostileText = fc.array(fragment, { maxLength: 80 }).map((parts) => parts.join(''));

describe('maskForHarper', () => {
  it('keeps the length and every character outside a masked run; a run keeps its first character, then spaces and its line breaks', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const { masked, spans } = maskForHarper(text);
        expect(masked.length).toBe(text.length);
        let at = 0;
        for (const span of spans) {
          expect(masked.slice(at, span.start)).toBe(text.slice(at, span.start));
          const first = String.fromCodePoint(text.codePointAt(span.start)!);
          expect(masked.slice(span.start, span.start + first.length)).toBe(first);
          for (let i = span.start + first.length; i < span.end; i += 1) expect(masked[i]).toBe(/[\n\r]/.test(text[i]!) ? text[i] : ' ');
          at = span.end;
        }
        expect(masked.slice(at)).toBe(text.slice(at));
      }),
    );
  });

  it('leaves nothing harper.js chokes on: masking the masked text again finds nothing', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(maskForHarper(maskForHarper(text).masked).spans).toEqual([]);
      }),
    );
    // The word that made harper.js panic, and the runs that held it for tens of seconds.
    for (const hostile of ['a'.repeat(12_000), '—'.repeat(5_000), '- '.repeat(5_000), '…'.repeat(3_000), '🙂 '.repeat(3_000), '.'.repeat(9)]) {
      const { masked, spans } = maskForHarper(`Before ${hostile} after.`);
      expect(spans).toEqual([{ start: 7, end: 7 + hostile.trimEnd().length }]);
      expect(masked).toBe(`Before ${String.fromCodePoint(hostile.codePointAt(0)!)}${' '.repeat(hostile.length - (hostile.codePointAt(0)! > 0xffff ? 2 : 1))} after.`);
    }
  });

  it('leaves ordinary English alone: words, a URL of ordinary length, an ellipsis, a scene break', () => {
    const text = 'Well… see https://example.com/a/b?c=d — “Quoted!” (1,000 words.)\n\n* * *\n\nThe end?!';
    expect(maskForHarper(text)).toEqual({ masked: text, spans: [] });
  });
});

describe('piecesOf', () => {
  it('cuts the whole text into pieces of at most PIECE units, never inside a surrogate pair', () => {
    const longText = fc.tuple(hostileText, fc.integer({ min: 1, max: 60 })).map(([text, times]) => text.repeat(times));
    fc.assert(
      fc.property(longText, fc.integer({ min: 8, max: PIECE }), (text, size) => {
        const pieces = piecesOf(text, size);
        expect(pieces.map((p) => p.text).join('')).toBe(text);
        let at = 0;
        for (const piece of pieces) {
          expect(piece.start).toBe(at);
          expect(piece.text.length).toBeGreaterThan(0);
          expect(piece.text.length).toBeLessThanOrEqual(size);
          const code = text.charCodeAt(piece.start);
          expect(code >= 0xdc00 && code <= 0xdfff).toBe(false);
          at += piece.text.length;
        }
      }),
    );
  });

  it('cuts after a line break, else after a sentence end, else at a space', () => {
    const paragraph = 'A sentence here. '.repeat(100); // 1,700 units
    expect(piecesOf(`${paragraph}\n${paragraph}`).map((p) => p.text.length)).toEqual([paragraph.length + 1, paragraph.length]);
    const run = 'word '.repeat(1_000);
    const cut = piecesOf(`${'A sentence here. '.repeat(70)}${run}`);
    expect(cut[0]!.text.endsWith('here. ')).toBe(true);
    expect(piecesOf(run).every((p) => p.text.endsWith(' ') || p === piecesOf(run).at(-1))).toBe(true);
  });
});

describe('overlapsSpan', () => {
  it('tells a finding on a masked run from one beside it', () => {
    const spans = [{ start: 10, end: 20 }, { start: 30, end: 40 }];
    expect(overlapsSpan(spans, 5, 10)).toBe(false);
    expect(overlapsSpan(spans, 5, 11)).toBe(true);
    expect(overlapsSpan(spans, 19, 25)).toBe(true);
    expect(overlapsSpan(spans, 20, 30)).toBe(false);
    expect(overlapsSpan(spans, 35, 35)).toBe(true);
    expect(overlapsSpan(spans, 40, 41)).toBe(false);
    expect(overlapsSpan([], 0, 1)).toBe(false);
  });
});

describe('oneFindingPerSpan', () => {
  it('keeps one finding per span, the more specific kind over Spelling, and every nested or overlapping one', () => {
    const found = [
      { start: 0, end: 3, kind: 'Spelling', n: 1 },
      { start: 0, end: 3, kind: 'Typo', n: 2 },
      { start: 0, end: 200, kind: 'Readability', n: 3 },
      { start: 150, end: 157, kind: 'Spelling', n: 4 },
      { start: 150, end: 157, kind: 'Spelling', n: 5 },
      { start: 155, end: 170, kind: 'Grammar', n: 6 },
    ];
    expect(oneFindingPerSpan(found).map((f) => f.n)).toEqual([2, 3, 4, 6]);
  });
});
