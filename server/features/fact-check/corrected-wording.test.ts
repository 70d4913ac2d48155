import { describe, expect, it } from 'vitest';
import { diffWords } from '../../../shared/text-diff';
import { correctedWording } from './corrected-wording';

const spanOf = (text: string, passage: string) => {
  const passageStart = text.indexOf(passage);
  return { passageStart, passageEnd: passageStart + passage.length };
};

describe('correctedWording', () => {
  const original = 'The Eiffel Tower was completed in 1899 and stands in Paris, the most beautiful city in the world.';

  it('carries a replaced word through the diff', () => {
    const reviewed = 'The Eiffel Tower was completed in 1889 and stands in Paris, the most beautiful city in the world.';
    expect(correctedWording(diffWords(original, reviewed), spanOf(original, '1899'))).toEqual({ text: '1889', changed: true });
    expect(correctedWording(diffWords(original, reviewed), spanOf(original, 'completed in 1899'))).toEqual({ text: 'completed in 1889', changed: true });
  });

  it('keeps what was inserted inside the passage, and drops what was deleted', () => {
    const reviewed = 'The Eiffel Tower was completed in 1889 and stands in Paris, a much-loved city.';
    const result = correctedWording(diffWords(original, reviewed), spanOf(original, 'the most beautiful city in the world'));
    expect(result).toEqual({ text: 'a much-loved city', changed: true });
  });

  it('says when the passage is unchanged, and when it was removed', () => {
    const reviewed = 'The Eiffel Tower was completed in 1889 and stands in Paris.';
    const parts = diffWords(original, reviewed);
    expect(correctedWording(parts, spanOf(original, 'Eiffel Tower'))).toEqual({ text: 'Eiffel Tower', changed: false });
    expect(correctedWording(parts, spanOf(original, 'the most beautiful city in the world'))).toEqual({ text: '', changed: true });
  });

  it('does not pull in an insertion next to the passage that replaces nothing of it', () => {
    const reviewed = 'The famous Eiffel Tower was completed in 1899 and stands in Paris, the most beautiful city in the world.';
    expect(correctedWording(diffWords(original, reviewed), spanOf(original, 'Eiffel Tower'))).toEqual({ text: 'Eiffel Tower', changed: false });
  });

  it('answers null without a diff, or when the diff quotes far more than the passage', () => {
    expect(correctedWording([], { passageStart: 0, passageEnd: 4 })).toBeNull();
    const gaveUp = [
      { type: 'delete' as const, text: original },
      { type: 'insert' as const, text: 'x '.repeat(300) },
    ];
    expect(correctedWording(gaveUp, spanOf(original, '1899'))).toBeNull();
  });
});
