/**
 * Issue 25 (WCAG 2.2 AA): four journeys done with the keyboard alone. Controls are reached with Tab (or Shift+Tab)
 * and worked with Enter, Space, the arrow keys and typing; accounts and orders are set up through the API. Every
 * control a journey stops at must show a visible focus indicator (2.4.7) and must not be hidden under a pinned header
 * or bar once the browser has scrolled it into view (2.4.11).
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { createOrderViaApi, expect, expectEditorText, expectToast, signUpViaApi, test, confirmDeliveryByKeyboard } from './fixtures';
import { E2E_BASE_URL } from './env';
import { waitForHydration } from './support/hydration';


interface FocusReport {
  focused: boolean;
  indicator: string | null;
  coveredBy: string | null;
}

/** Whether `el` is focused, and if so whether its focus can be seen and is not under something pinned. */
function inspectFocus(el: Element): FocusReport {
  const describe = (e: Element | null) =>
    e ? `<${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).slice(0, 4).join('.')}` : ''}>` : 'nothing';
  if (document.activeElement !== el) return { focused: false, indicator: null, coveredBy: null };
  const seen = (e: Element) => {
    for (let n: Element | null = e; n; n = n.parentElement) if (Number(getComputedStyle(n).opacity) === 0) return false;
    return true;
  };
  const ring = (e: Element) => {
    const s = getComputedStyle(e);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
  };
  // A native control drawn invisible (the tier cards' radios) shows its focus on the label that draws it.
  let bearer: Element | null = el;
  if (!seen(el)) bearer = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
  const indicator = bearer && seen(bearer) && ring(bearer) ? describe(bearer) : null;
  // The middle of the part of it inside the viewport must be the element itself, not a pinned header or bar.
  const r = el.getBoundingClientRect();
  const left = Math.max(r.left, 0);
  const right = Math.min(r.right, window.innerWidth);
  const top = Math.max(r.top, 0);
  const bottom = Math.min(r.bottom, window.innerHeight);
  if (right <= left || bottom <= top) return { focused: true, indicator, coveredBy: 'outside the viewport' };
  const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
  const coveredBy = hit && (hit === el || el.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el)) ? null : describe(hit);
  return { focused: true, indicator, coveredBy };
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, then checks that the focus can be seen there and
 * that nothing pinned covers it. Fails naming the element when it is not reached in `max` presses.
 */
async function tabTo(page: Page, target: Locator, { max = 60, back = false }: { max?: number; back?: boolean } = {}): Promise<void> {
  await expect(target, `${target} to be there before tabbing to it`).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (presses > 0) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const report = await target.evaluate(inspectFocus);
    if (!report.focused) continue;
    expect(report.indicator, `${target} has a visible focus indicator`).not.toBeNull();
    expect(report.coveredBy, `${target} is not hidden when focused`).toBeNull();
    return;
  }
  const at = await page.evaluate(() => {
    const e = document.activeElement;
    return e ? `${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 60)}"` : 'nothing';
  });
  throw new Error(`${target} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'} (the focus is on ${at})`);
}

test.describe('keyboard journeys', () => {
  test('order, pay and message the team by keyboard', async ({ page }) => {
    test.setTimeout(120_000);
    // Narrower than lg: the order form has its total pinned in a bar at the bottom of the screen.
    await page.setViewportSize({ width: 800, height: 700 });
    await signUpViaApi(page, { firstName: 'Kai', lastName: 'Keys' });
    await page.goto('/check-now');
    const content = page.getByRole('textbox', { name: 'Your content' });
    await waitForHydration(page, `#${await content.getAttribute('id')}`);
    await expect(page.getByTestId('sticky-total-bar')).toBeVisible();
    // The signed-in customer's name comes from the account.
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kai Keys');

    const text = 'Our spring newsletter announces the new opening hours and thanks every volunteer who helped this year.';
    await tabTo(page, content);
    await page.keyboard.type(text);
    await expect(content).toHaveValue(text);
    await expect(page.getByTestId('word-count')).toHaveText('16');

    // The tier cards are one radio group: Tab enters it, the arrow keys choose.
    const tiers = page.getByRole('radio', { name: /^(Fact checked|Polished|Rewritten)$/ });
    await tabTo(page, tiers.first());
    const polished = page.getByRole('radio', { name: 'Polished' });
    for (let i = 0; i < 3 && !(await polished.isChecked()); i += 1) await page.keyboard.press('ArrowRight');
    await expect(polished).toBeChecked();
    await expect(polished).toBeFocused();

    // The category list: its options chosen with the arrow keys, without opening it.
    const category = page.getByLabel('Category');
    await tabTo(page, category);
    await page.keyboard.press('ArrowDown');
    await expect(category).not.toHaveValue('');
    const chosen = await category.inputValue();

    const total = await page.getByTestId('estimate-total').textContent();
    await tabTo(page, page.getByRole('button', { name: 'Continue to Payment' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expectToast(page, 'Submission created', new RegExp(id));
    await expect(page.getByTestId('checkout-total')).toHaveText(total!);

    // The sandbox card, typed.
    const cardNumber = page.getByLabel('Card number');
    await tabTo(page, cardNumber);
    await page.keyboard.type('4242424242424242');
    await expect(cardNumber).toHaveValue('4242 4242 4242 4242');
    await tabTo(page, page.getByLabel('Expiry'), { max: 1 });
    await page.keyboard.type('12/34');
    await tabTo(page, page.getByLabel('CVC'), { max: 1 });
    await page.keyboard.type('123');
    await tabTo(page, page.getByRole('button', { name: `Pay ${total}` }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Payment Successful');
    await expect(page).toHaveURL(/\/dashboard$/);

    // The order on the dashboard, and a message to the team about it.
    const card = page.locator(`[data-testid="submission-card"][data-submission-id="${id}"]`);
    await expect(card.locator('[data-status]')).toHaveText('Paid');
    const messagesButton = card.getByRole('button', { name: 'Messages' });
    await tabTo(page, messagesButton, { max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Messages: ${id}` });
    await expect(dialog.getByText('No messages yet.')).toBeVisible();
    const input = dialog.getByLabel('Your message');
    await tabTo(page, input, { max: 10 });
    await page.keyboard.type('Please keep the British spelling.');
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send).toBeEnabled();
    await tabTo(page, send, { max: 10 });
    await page.keyboard.press('Enter');
    await expectToast(page, 'Message Sent');
    await expect(dialog.getByRole('list', { name: 'Conversation' }).getByRole('listitem').first()).toContainText('Please keep the British spelling.');
    // Closed with its Close button, the dialog gives the focus back to the button that opened it.
    await tabTo(page, dialog.getByRole('button', { name: 'Close' }), { max: 10 });
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(messagesButton).toBeFocused();

    const mine = (await (await page.request.get('/api/submissions')).json()) as { id: string; category: string; serviceTier: string; status: string }[];
    expect(mine.find((s) => s.id === id)).toMatchObject({ category: chosen, serviceTier: 'polished', status: 'paid' });
  });

  test('a reviewer claims, edits and completes an order by keyboard', async ({ page, browser, signUpAdmin }) => {
    test.setTimeout(120_000);
    const original = 'The museum opens at nine and closes at five every day of the week.';
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const customer = await context.newPage();
    const { email } = await signUpViaApi(customer);
    const id = await createOrderViaApi(customer, { email, content: original });
    await context.close();

    await signUpAdmin(page, { firstName: 'Kit', lastName: 'Keyboard' });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
    await tabTo(page, page.getByLabel('Search'));
    await page.keyboard.type(id);
    await expect(page.locator('[data-testid^="queue-row-"]')).toHaveCount(1);
    await tabTo(page, page.getByRole('link', { name: `Open ${id} in the workspace` }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${id}$`));

    // Claim it.
    const reviewed = page.getByRole('textbox', { name: 'Reviewed content' });
    await expectEditorText(reviewed, original);
    await tabTo(page, page.getByRole('button', { name: 'Claim', exact: true }));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('claim-status')).toContainText('Claimed by you');
    // The same button, now "Release", kept the focus through its busy state.
    await expect(page.getByRole('button', { name: 'Release', exact: true })).toBeFocused();

    // Edit the copy: the closing time.
    await tabTo(page, reviewed);
    await page.keyboard.press('Control+End');
    for (let i = 0; i < ' every day of the week.'.length; i += 1) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 'five'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.type('six');
    const edited = original.replace('five', 'six');
    await expectEditorText(reviewed, edited);
    await expect(page.getByTestId('changed-words')).toHaveText('1 word changed');

    // Saved with Ctrl+S, the focus staying in the editor; then nothing is left for the autosave (which would disable
    // the buttons while it runs).
    await page.keyboard.press('Control+s');
    await expectToast(page, 'Draft saved');
    await expect(reviewed).toBeFocused();
    // Complete Review sits in the pinned header, before the editor: back up to it.
    const complete = page.getByRole('button', { name: 'Complete Review' });
    await expect(complete).toBeEnabled();
    await tabTo(page, complete, { back: true });
    await page.keyboard.press('Enter');
    await confirmDeliveryByKeyboard(page);
    await expect(page).toHaveURL(/\/admin$/);
    const order = await page.request.get(`/api/admin/submissions/${id}`);
    expect(await order.json()).toMatchObject({ status: 'completed', reviewedContent: edited });
  });

  test('settings: sign out other devices and download my data by keyboard', async ({ page, browser }) => {
    const user = await signUpViaApi(page, { firstName: 'Dev', lastName: 'Ices' });
    const elsewhere = await browser.newContext({ baseURL: E2E_BASE_URL });
    const phone = await elsewhere.newPage();
    await signUpViaApi(phone, { email: user.email }); // the account exists: this signs in on a second device
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await tabTo(page, page.getByRole('button', { name: 'Sign out other devices' }), { max: 80 });
    await page.keyboard.press('Enter');
    await expectToast(page, 'Signed out');
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    // Now disabled (no other device), the button keeps the focus rather than dropping it to the page's start.
    await expect(page.getByRole('button', { name: 'Sign out other devices' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Sign out other devices' })).toBeDisabled();
    const onPhone = await phone.request.get('/api/auth/user');
    expect(onPhone.status() === 200 && (await onPhone.json()) !== null, 'the other device is still signed in').toBe(false);
    await elsewhere.close();

    // Further down: the data export, a link followed with Enter.
    const downloading = page.waitForEvent('download');
    await tabTo(page, page.getByRole('link', { name: 'Download my data' }), { max: 80 });
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^humanproof-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { profile: { email: string; firstName: string } };
    expect(data.profile).toMatchObject({ email: user.email, firstName: 'Dev' });
  });

  test('a customer cancels an unstarted order from the dashboard by keyboard and sees the refund', async ({ page }) => {
    const customer = await signUpViaApi(page);
    const id = await createOrderViaApi(page, { email: customer.email, content: 'A short note about the village fete and its raffle.' });
    await page.goto('/dashboard');
    const card = page.locator(`[data-testid="submission-card"][data-submission-id="${id}"]`);
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();

    await tabTo(page, card.getByRole('button', { name: 'Cancel order' }), { max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Cancel order ${id}?` });
    await expect(dialog.getByText('we refund the full £5.00')).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel and refund' }), { max: 10 });
    await page.keyboard.press('Enter');
    await expectToast(page, 'Your order was cancelled and your payment refunded.', 'Refunded £5.00');
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(card.getByText('Refunded £5.00')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    // The button that opened the dialog is gone: the focus is on the card's neighbouring action, not lost.
    await expect(card.getByRole('button', { name: 'View Details' })).toBeFocused();
  });
});
