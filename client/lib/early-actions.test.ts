import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_ACTIONS_GLOBAL, installEarlyActions, type EarlyActions } from '@shared/early-actions';

const holder = () => (window as unknown as Record<string, EarlyActions>)[EARLY_ACTIONS_GLOBAL]!;

afterEach(() => {
  holder()?.release();
  document.body.innerHTML = '';
});

function page(): { button: HTMLButtonElement; form: HTMLFormElement; link: HTMLAnchorElement; checkbox: HTMLInputElement } {
  document.body.innerHTML = `<div id="root">
    <button type="button" id="filter">Filter</button>
    <a href="#x" id="link">Link</a>
    <input type="checkbox" id="box">
    <form id="form"><input name="email"><button type="submit" id="send">Send</button></form>
  </div>`;
  installEarlyActions();
  return {
    button: document.getElementById('filter') as HTMLButtonElement,
    form: document.getElementById('form') as HTMLFormElement,
    link: document.getElementById('link') as HTMLAnchorElement,
    checkbox: document.getElementById('box') as HTMLInputElement,
  };
}

describe('early actions (clicks and submits before hydration)', () => {
  it('holds a click on a script-only button, marks it busy, and replays it after release', () => {
    const { button } = page();
    expect(document.getElementById('root')!.hasAttribute('data-holding-early-actions')).toBe(true);
    button.click();
    expect(button.getAttribute('aria-busy')).toBe('true');
    let clicks = 0;
    const events: string[] = [];
    for (const type of ['pointerdown', 'mousedown', 'click']) button.addEventListener(type, () => events.push(type));
    button.addEventListener('click', () => (clicks += 1));
    holder().release();
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(document.getElementById('root')!.hasAttribute('data-holding-early-actions')).toBe(false);
    holder().replay();
    expect(clicks).toBe(1);
    expect(events).toEqual(['pointerdown', 'mousedown', 'click']);
    holder().replay(); // only once
    expect(clicks).toBe(1);
  });

  it('holds a submit instead of letting the browser send the form, and resubmits it with its submitter', () => {
    const { form } = page();
    const send = document.getElementById('send') as HTMLButtonElement;
    const early = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: send });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(send.getAttribute('aria-busy')).toBe('true');
    const submitters: (HTMLElement | null)[] = [];
    holder().release();
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitters.push(event.submitter);
    });
    holder().replay();
    expect(submitters).toEqual([send]);
  });

  it('leaves links and native controls alone, and keeps only the latest action', () => {
    const { button, link, checkbox } = page();
    const linkClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(linkClick);
    expect(linkClick.defaultPrevented).toBe(false);
    checkbox.click();
    expect(checkbox.checked).toBe(true);
    button.click();
    const other = document.createElement('button');
    other.type = 'button';
    document.getElementById('root')!.append(other);
    other.click();
    expect(button.hasAttribute('aria-busy')).toBe(false);
    let first = 0;
    let second = 0;
    button.addEventListener('click', () => (first += 1));
    other.addEventListener('click', () => (second += 1));
    holder().release();
    holder().replay();
    expect([first, second]).toEqual([0, 1]);
  });
});
