import { afterEach, describe, expect, it } from 'vitest';
import { carryToastToNextPage, showCarriedToast } from './toast-carry';
import { dismissToast, toast, visibleToasts } from './use-toast';

afterEach(() => {
  for (const item of visibleToasts()) dismissToast(item.id);
  sessionStorage.clear();
});

describe('a notice carried across a page load', () => {
  it('shows the notice on screen again after the load, once', () => {
    toast({ title: 'Authentication Required', description: 'Please sign in to submit your content for review.' });
    carryToastToNextPage();
    // The next page starts with no notice of its own.
    for (const item of visibleToasts()) dismissToast(item.id);
    showCarriedToast();
    expect(visibleToasts()).toMatchObject([
      { title: 'Authentication Required', description: 'Please sign in to submit your content for review.', open: true },
    ]);
    for (const item of visibleToasts()) dismissToast(item.id);
    showCarriedToast();
    expect(visibleToasts()).toEqual([]);
  });

  it('keeps the destructive look, and carries nothing when no notice is on screen', () => {
    carryToastToNextPage();
    showCarriedToast();
    expect(visibleToasts()).toEqual([]);
    toast({ title: 'Error', description: 'Failed to create submission. Please try again.', variant: 'destructive' });
    carryToastToNextPage();
    for (const item of visibleToasts()) dismissToast(item.id);
    showCarriedToast();
    expect(visibleToasts()[0]).toMatchObject({ title: 'Error', variant: 'destructive' });
  });

  it('ignores what another script left under its key: not JSON, no title, or other fields', () => {
    for (const stored of ['not json', '{"description":"no title"}', '{"title":""}', '[1,2]']) {
      sessionStorage.setItem('hp-carried-toast', stored);
      showCarriedToast();
      expect(visibleToasts(), stored).toEqual([]);
      expect(sessionStorage.getItem('hp-carried-toast')).toBeNull();
    }
    sessionStorage.setItem('hp-carried-toast', JSON.stringify({ title: 'Hi', description: 42, variant: 'evil', extra: '<b>' }));
    showCarriedToast();
    expect(visibleToasts()).toMatchObject([{ title: 'Hi' }]);
    expect(visibleToasts()[0]).not.toHaveProperty('description');
    expect(visibleToasts()[0]).not.toHaveProperty('variant');
    expect(visibleToasts()[0]).not.toHaveProperty('extra');
  });
});
