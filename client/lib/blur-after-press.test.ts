import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBlurAfterPress } from './blur-after-press';

let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  uninstall = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

function page() {
  document.body.innerHTML = '<form><input name="website"><button type="submit">Send</button></form><input name="search">';
  const blurs: string[] = [];
  // Where React listens: the page's handlers see the blur on its way up.
  document.body.addEventListener('focusout', (e) => blurs.push((e.target as HTMLInputElement).name));
  uninstall = installBlurAfterPress(document);
  const [field, outside] = [...document.querySelectorAll('input')] as [HTMLInputElement, HTMLInputElement];
  return { blurs, field, outside, button: document.querySelector('button')! };
}

const pointer = (type: string, pointerType = 'mouse') => new PointerEvent(type, { bubbles: true, pointerType });
const blur = (el: Element) => el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));

describe('a form field blurred by a mouse press', () => {
  it('reaches the page only after the press (and its click) is over', () => {
    vi.useFakeTimers();
    const { blurs, field, button } = page();
    const order: string[] = [];
    button.addEventListener('click', () => order.push(`click with ${blurs.length} blurs`));
    button.dispatchEvent(pointer('pointerdown'));
    blur(field);
    expect(blurs).toEqual([]);
    button.dispatchEvent(pointer('pointerup'));
    button.click();
    expect(blurs).toEqual([]);
    vi.runAllTimers();
    expect(order).toEqual(['click with 0 blurs']);
    expect(blurs).toEqual(['website']);
  });

  it('passes at once without a press, for touch, and outside a form', () => {
    vi.useFakeTimers();
    const { blurs, field, outside, button } = page();
    blur(field);
    button.dispatchEvent(pointer('pointerdown', 'touch'));
    blur(field);
    button.dispatchEvent(pointer('pointerup', 'touch'));
    button.dispatchEvent(pointer('pointerdown'));
    blur(outside);
    expect(blurs).toEqual(['website', 'website', 'search']);
  });

  it('is not resent for a field the press removed from the page', () => {
    vi.useFakeTimers();
    const { blurs, field, button } = page();
    button.dispatchEvent(pointer('pointerdown'));
    blur(field);
    field.remove();
    button.dispatchEvent(pointer('pointercancel'));
    vi.runAllTimers();
    expect(blurs).toEqual([]);
  });
});
