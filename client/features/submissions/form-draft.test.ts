import { afterEach, describe, expect, it } from 'vitest';
import { PENDING_SUBMISSION_KEY } from '@client/lib/pending-submission';
import { CHECK_NOW_DRAFT_KEY, forgetSentDraft, isWorthRestoring, readFormDraft, saveFormDraft } from './form-draft';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('form drafts', () => {
  it('keeps what was typed and reads it back', () => {
    saveFormDraft({ id: 'd1', values: { content: 'Some text', serviceTier: 'polished', fastTurnaround: true }, fileName: 'a.txt' });
    expect(readFormDraft()).toEqual({
      id: 'd1',
      values: { content: 'Some text', serviceTier: 'polished', fastTurnaround: true },
      fileName: 'a.txt',
    });
  });

  it('does not keep a form with nothing typed; account contact details alone do not count', () => {
    saveFormDraft({ id: 'd1', values: { content: '  ', englishVariant: 'british', fastTurnaround: false, contactName: 'Ada', contactEmail: 'ada@example.com' } });
    expect(sessionStorage.getItem(CHECK_NOW_DRAFT_KEY)).toBeNull();
    expect(readFormDraft()).toBeNull();
    expect(isWorthRestoring({ fastTurnaround: true })).toBe(true);
    expect(isWorthRestoring({ englishVariant: 'american' })).toBe(true);
  });

  it('ignores a draft without an id (stored before drafts were scoped) and unreadable copies', () => {
    sessionStorage.setItem(CHECK_NOW_DRAFT_KEY, JSON.stringify({ values: { content: 'Old order text', fastTurnaround: true } }));
    expect(readFormDraft()).toBeNull();
    sessionStorage.setItem(CHECK_NOW_DRAFT_KEY, '{oops');
    expect(readFormDraft()).toBeNull();
    expect(sessionStorage.getItem(CHECK_NOW_DRAFT_KEY)).toBeNull();
  });

  it('forgets every copy of a draft that became an order, and never saves or restores it again', () => {
    saveFormDraft({ id: 'd1', values: { content: 'Ordered text', fastTurnaround: true } });
    localStorage.setItem(CHECK_NOW_DRAFT_KEY, 'x');
    localStorage.setItem(PENDING_SUBMISSION_KEY, '{}');
    sessionStorage.setItem(PENDING_SUBMISSION_KEY, '{}');
    forgetSentDraft('d1');
    for (const storage of [localStorage, sessionStorage]) {
      expect(storage.getItem(CHECK_NOW_DRAFT_KEY)).toBeNull();
      expect(storage.getItem(PENDING_SUBMISSION_KEY)).toBeNull();
    }
    saveFormDraft({ id: 'd1', values: { content: 'Ordered text', fastTurnaround: true } });
    expect(readFormDraft()).toBeNull();
    // A new draft is kept as usual.
    saveFormDraft({ id: 'd2', values: { content: 'Next text' } });
    expect(readFormDraft()?.id).toBe('d2');
  });
});
