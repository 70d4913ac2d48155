/** Issue 27, part 4: a house style the team enforces (decision 046). */
import AxeBuilder from '@axe-core/playwright';
import { STYLE_GUIDE_MESSAGES } from '../shared/style-guide.schema';
import { E2E_BASE_URL } from './env';
import { createOrderViaApi, expect, expectEditorText, signUpViaApi, test } from './fixtures';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const CONTENT = 'Our teams utilise shared notes every week.\nThey meet on Mondays and write short summaries.';
const RULES = 'Sentence case for headings.\nNo exclamation marks.';

test.use({ viewport: { width: 1280, height: 800 } });

test('a banned term set in Settings shows in the workspace as a "House style" finding with its replacement', async ({ page, browser, signUpAdmin }) => {
  test.setTimeout(120_000);
  // The customer sets the house style in Settings: one banned term, the spelling and a rule.
  const { email } = await signUpViaApi(page);
  await page.goto('/settings');
  const card = page.getByRole('form', { name: 'House style' });
  await expect(card.getByTestId('house-style-empty')).toBeVisible();
  await card.getByRole('button', { name: 'Add term' }).click();
  await expect(card.getByRole('textbox', { name: 'Term 1', exact: true })).toBeFocused();
  await page.keyboard.type('utilise');
  // A banned term without its replacement is refused inline, beside the field.
  await card.getByRole('button', { name: 'Save house style' }).click();
  await expect(card.getByText(STYLE_GUIDE_MESSAGES.replacement)).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Replacement for term 1' })).toHaveAttribute('aria-invalid', 'true');
  await card.getByRole('textbox', { name: 'Replacement for term 1' }).fill('use');
  // A second row, then removed again.
  await card.getByRole('button', { name: 'Add term' }).click();
  await card.getByRole('textbox', { name: 'Term 2', exact: true }).fill('Utilise');
  await card.getByRole('textbox', { name: 'Replacement for term 2' }).fill('employ');
  await card.getByRole('button', { name: 'Save house style' }).click();
  await expect(page.getByText(STYLE_GUIDE_MESSAGES.duplicate('Utilise'))).toBeVisible();
  await card.getByRole('button', { name: 'Remove term 2' }).click();
  await card.getByLabel('Spelling').selectOption('british');
  await card.getByLabel('Rules').fill(RULES);
  // No WCAG 2.2 AA violation in the filled-in card.
  const a11y = await new AxeBuilder({ page }).include('form[aria-label="House style"]').withTags(WCAG).analyze();
  expect(a11y.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await card.getByRole('button', { name: 'Save house style' }).click();
  await expect(card.getByRole('status')).toHaveText(STYLE_GUIDE_MESSAGES.saved);
  // It is stored: a reload shows it.
  await page.reload();
  await expect(card.getByRole('textbox', { name: 'Term 1', exact: true })).toHaveValue('utilise');
  await expect(card.getByRole('textbox', { name: 'Replacement for term 1' })).toHaveValue('use');
  await expect(card.getByRole('textbox', { name: 'Term 2', exact: true })).toHaveCount(0);

  // The customer places and pays an order containing the banned term (sandbox card).
  const id = await createOrderViaApi(page, { email, content: CONTENT });

  // A reviewer opens the order's workspace: the House style panel, and the finding suggesting the replacement.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await signUpAdmin(admin, { firstName: 'Hana', lastName: 'Style' });
  await admin.goto(`/admin/orders/${id}`);
  const panel = admin.getByTestId('house-style-panel');
  await expect(panel.getByRole('heading', { name: 'House style' })).toBeVisible();
  await expect(panel.getByTestId('house-style-variant')).toContainText('British English');
  await expect(panel.getByTestId('house-style-rules')).toHaveText(RULES);
  const panelA11y = await new AxeBuilder({ page: admin }).include('[data-testid="house-style-panel"]').withTags(WCAG).analyze();
  expect(panelA11y.violations.map((v) => v.id)).toEqual([]);

  await expect(admin.getByTestId('findings-house-style')).toHaveText('House style 1');
  const finding = admin.getByRole('list', { name: 'Findings' }).locator(':scope > li').filter({ hasText: 'House style' });
  await expect(finding).toHaveCount(1);
  await expect(finding).toContainText('“utilise”');
  await expect(finding).toContainText('→ “use”');
  // Accepting it applies the replacement to the reviewed text.
  await finding.getByRole('button', { name: 'Accept' }).click();
  await expectEditorText(admin.getByRole('textbox', { name: 'Reviewed content' }), CONTENT.replace('utilise', 'use'));
  await expect(admin.getByTestId('findings-house-style')).toHaveText('House style 0');
  await context.close();
});
