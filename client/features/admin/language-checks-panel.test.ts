import { describe, expect, it } from 'vitest';
import type { Finding } from '@shared/language-checks.schema';
import { ApiError } from '@client/lib/api';
import { checksErrorText, locate } from './language-checks-panel';

const finding = (checked: string, words: string): Finding => {
  const start = checked.indexOf(words);
  return { start, end: start + words.length, rule: 'harper:Spelling', category: 'spelling', message: '', suggestions: ['x'] };
};

describe('locate: where a checked finding is in the editor now', () => {
  const checked = 'We delve into teh data, and teh results.';
  it('is where it was when nothing changed, or where Accept moved it', () => {
    expect(locate(finding(checked, 'teh data'), checked, checked, 0)).toBe(checked.indexOf('teh data'));
    const accepted = checked.replace('delve into', 'look at');
    const second = { ...finding(checked, 'teh results') };
    expect(locate(second, checked, accepted, 'look at'.length - 'delve into'.length)).toBe(accepted.indexOf('teh results'));
  });
  it('follows typing before it to the nearest copy of the same words, and gives up when they are gone', () => {
    const typed = `Intro. ${checked}`;
    const f = finding(checked, 'teh');
    expect(locate(f, checked, typed, 0)).toBe(typed.indexOf('teh'));
    expect(locate(f, checked, checked.replace(/teh/g, 'the'), 0)).toBeNull();
  });
});

describe('checksErrorText: what the panel says when the checks failed', () => {
  it('gives the server’s words for a text it refused (422) or a busy checker (503), else the generic line', () => {
    const refused = 'This text took too long to check for spelling, grammar and AI tells, so it was not checked.';
    expect(checksErrorText(new ApiError(422, 'x', JSON.stringify({ message: refused })))).toBe(refused);
    expect(checksErrorText(new ApiError(503, 'x', JSON.stringify({ message: 'The language checker is busy.' })))).toBe('The language checker is busy.');
    expect(checksErrorText(new ApiError(500, 'x', JSON.stringify({ message: 'Internal' })))).toBe('The language checks could not be loaded. Save the draft to try again.');
    expect(checksErrorText(new Error('offline'))).toBe('The language checks could not be loaded. Save the draft to try again.');
  });
});
