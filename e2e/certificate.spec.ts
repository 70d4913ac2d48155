import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createOrderViaApi, expect, signUpViaApi, test } from './fixtures';
import { E2E_BASE_URL } from './env';

const ORIGINAL = 'Our new kettle boils a litre in ninety seconds.\nIt is the quietest kettle we have made.';
const REVIEWED = 'Our new kettle boils a litre in about ninety seconds.\r\nIt is the quietest kettle we have made.';

/** The review team's side through its API: claim, then complete with the delivered text. */
async function completeAsAdmin(admin: Page, id: string, text: string): Promise<void> {
  const headers = { origin: E2E_BASE_URL };
  const claimed = await admin.request.post(`/api/admin/submissions/${id}/claim`, { headers });
  expect(claimed.status(), await claimed.text()).toBe(200);
  const { reviewVersion } = (await claimed.json()) as { reviewVersion: number };
  const done = await admin.request.patch(`/api/admin/submissions/${id}/review`, {
    headers,
    data: { version: reviewVersion, attachmentMode: 'text', reviewedContent: text, reviewerNotes: '', complete: true },
  });
  expect(done.status(), await done.text()).toBe(200);
}

test('a completed order links its certificate; the public page verifies it, checks a pasted text, and shows privacy and revocation', async ({
  page,
  browser,
  signUpAdmin,
}) => {
  test.setTimeout(120_000);
  const customer = await signUpViaApi(page);
  const id = await createOrderViaApi(page, { email: customer.email, content: ORIGINAL });
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await context.newPage();
  await signUpAdmin(admin, { firstName: 'Morgan', lastName: 'Whitfield' });
  await completeAsAdmin(admin, id, REVIEWED);

  // The customer's delivery shows the certificate and links to its page.
  await page.goto('/dashboard');
  const card = page.locator(`[data-testid="submission-card"][data-submission-id="${id}"]`);
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Submission ${id}` });
  const certificate = details.getByRole('region', { name: 'Human review certificate' });
  await expect(certificate.getByText('Valid', { exact: true })).toBeVisible();
  const link = certificate.getByRole('link', { name: 'View certificate' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/verify\/HP-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(certificate.getByRole('textbox', { name: 'Badge for your page' })).toHaveValue(new RegExp(`${href}/badge\\.svg`));

  // Anybody, signed out, sees "Verified", the reviewer as first name and initial, and no text.
  const visitor = await browser.newContext({ baseURL: E2E_BASE_URL });
  const publicPage = await visitor.newPage();
  const scripts: string[] = [];
  publicPage.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await publicPage.goto(href);
  await expect(publicPage.getByRole('status').filter({ hasText: 'Verified' })).toBeVisible();
  // The server wrote the page; the visitor loads its island alone, never the app (decision 076).
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((script) => /^\/assets\/certificate-islands-[\w-]+\.js$/.test(script)), scripts.join(', ')).toBe(true);
  await expect(publicPage.getByText('Morgan W.')).toBeVisible();
  await expect(publicPage.getByText('Whitfield')).toHaveCount(0);
  await expect(publicPage.getByText('quietest kettle')).toHaveCount(0);
  // Its verifiable credential (issue 43), checked in this browser: the JCS proof and the revocation list.
  await expect(publicPage.getByText(/^Credential verified/)).toBeVisible();
  await expect(publicPage.getByText('not named', { exact: true })).toBeVisible();
  await expect(publicPage.getByRole('link', { name: 'Download credential' })).toHaveAttribute('href', `/api/v1/certificates/${href.split('/').pop()}/credential`);
  await expect(publicPage.getByText(/took editorial responsibility/)).toHaveCount(0);
  // The page the server wrote and its island meet WCAG 2.2 AA, as the walk of every route checks the others.
  const axe = await new AxeBuilder({ page: publicPage }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Check a text: the delivered copy (with other line endings and a trailing newline) matches; one changed character does not.
  const box = publicPage.getByRole('textbox', { name: 'Check a text' });
  await box.fill(`${REVIEWED.replace(/\r\n/g, '\n')}\n`);
  await publicPage.getByRole('button', { name: 'Check text' }).click();
  await expect(publicPage.getByText('Matches the reviewed text')).toBeVisible();
  await box.fill(REVIEWED.replace('ninety', 'nintey'));
  await publicPage.getByRole('button', { name: 'Check text' }).click();
  await expect(publicPage.getByText('Does not match: this text differs from the reviewed version')).toBeVisible();

  // A copy of the certificate JSON checks out on the page; one changed field does not.
  const json = (await (await publicPage.request.get(`/api/v1/certificates/${href.split('/').pop()}`)).json()) as {
    certificate: Record<string, unknown>;
  };
  const fileBox = publicPage.getByRole('textbox', { name: 'Check a certificate file' });
  await fileBox.fill(JSON.stringify(json));
  await publicPage.getByRole('button', { name: 'Check file' }).click();
  await expect(publicPage.getByText('Verified: this file is exactly what HumanProof signed.')).toBeVisible();
  await fileBox.fill(JSON.stringify({ ...json, certificate: { ...json.certificate, reviewer: 'Someone Else' } }));
  await publicPage.getByRole('button', { name: 'Check file' }).click();
  await expect(publicPage.getByText('Not verified: this file was changed, or HumanProof did not sign it.')).toBeVisible();

  // Without JavaScript the details and the links are there, and the page says what it cannot check.
  const noScript = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  expect((await plain.goto(href))?.status()).toBe(200);
  await expect(plain.getByText('Morgan W.')).toBeVisible();
  // (A browser with scripting off shows the <noscript> note; Playwright's switch leaves the parser's scripting flag on.)
  expect(await plain.locator('[data-certificate-status] noscript').innerHTML()).toContain('turn on JavaScript to see the verdict');
  for (const name of ['Download PDF', 'Badge', 'Certificate JSON', 'Download credential']) await expect(plain.getByRole('link', { name })).toBeVisible();
  await noScript.close();

  // The signed-in customer opens it too: the app's page, which verifies it as before.
  const own = await page.context().newPage();
  await own.goto(href);
  await expect(own.getByRole('status').filter({ hasText: 'Verified' })).toBeVisible();
  await expect(own.getByText('Morgan W.')).toBeVisible();
  await own.close();

  // Private: the page says only that a valid certificate exists. The switch shows the choice at once and saves it
  // meanwhile: the public page is read once the save has answered.
  const privacy = certificate.getByRole('checkbox', { name: /Keep the details private/ });
  const setPrivate = async (keep: boolean) => {
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/api/submissions/${id}/certificate`);
    await privacy.setChecked(keep);
    expect((await saved).status()).toBe(200);
    await expect(privacy).toBeChecked({ checked: keep });
    await expect(privacy).toBeEnabled();
  };
  await setPrivate(true);
  await publicPage.reload();
  await expect(publicPage.getByText('A valid certificate of human review exists for this text. Its owner keeps the details private.')).toBeVisible();
  await expect(publicPage.getByText('Morgan W.')).toHaveCount(0);
  await setPrivate(false);

  // A refund in full revokes it, and the page says why.
  const order = await admin.request.get(`/api/admin/submissions/${id}`);
  const { amountPence } = (await order.json()) as { amountPence: number };
  const refund = await admin.request.post(`/api/admin/submissions/${id}/refunds`, {
    headers: { origin: E2E_BASE_URL },
    data: { requestId: randomUUID(), amountPence, reason: 'Customer cancelled the project' },
  });
  expect(refund.status(), await refund.text()).toBe(200);
  await publicPage.reload();
  await expect(publicPage.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(publicPage.getByText('The order was refunded in full, so this review no longer stands.', { exact: false })).toBeVisible();
  await expect(publicPage.getByRole('status').filter({ hasText: 'Verified' })).toHaveCount(0);
  // The revocation list says so too, at once.
  await expect(publicPage.getByText(/^Credential revoked/)).toBeVisible();

  // An unknown code is a real 404 page.
  const missing = await publicPage.goto('/verify/HP-0000-0000-0000-0000');
  expect(missing?.status()).toBe(404);
  await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText('Certificate not found');
  await context.close();
  await visitor.close();
});
