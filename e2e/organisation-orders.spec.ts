import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { createOrderViaApi, expect, test, uniqueEmail } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { person } from './support/team';

/**
 * Issue 27, decision 047: an organisation's orders are every member's. Set up through the organisations feature's
 * own API (create, invite by e-mail, verify the address, accept), then seen in the browser.
 */
const origin = { origin: E2E_BASE_URL };

async function signedIn(browser: Browser, firstName: string, lastName: string): Promise<{ page: Page; email: string; name: string }> {
  const email = uniqueEmail(firstName.toLowerCase());
  const page = await person(browser, { email, firstName, lastName });
  return { page, email, name: `${firstName} ${lastName}` };
}

async function createOrganisation(page: Page, name: string): Promise<void> {
  const created = await page.request.post('/api/organisation', { headers: origin, data: { name } });
  expect(created.status(), await created.text()).toBe(201);
}

/** The owner invites `email`; its holder verifies the address (the sign-up e-mail) and accepts the e-mailed invitation. */
async function join(owner: Page, member: Page, email: string): Promise<void> {
  const invited = await owner.request.post('/api/organisation/invitations', { headers: origin, data: { email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const verification = await waitForMail(email, 'Confirm your e-mail address');
  await member.goto(linkIn(verification, '/api/identity/verify-email'));
  await expect(member).toHaveURL(/\/email-verified$/);
  const invitation = await waitForMail(email, 'invited to join');
  const token = decodeURIComponent(new URL(linkIn(invitation, '/organisation/join#token=')).hash.replace(/^#token=/, ''));
  const accepted = await member.request.post('/api/organisation-invitations/accept', { headers: origin, data: { token } });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

test('two members of an organisation see each other’s orders; a member of another organisation gets “not found”', async ({ browser }) => {
  const olive = await signedIn(browser, 'Olive', 'Owner');
  const max = await signedIn(browser, 'Max', 'Member');
  const gina = await signedIn(browser, 'Gina', 'Other');
  await createOrganisation(olive.page, `Acme ${Date.now()}`);
  await join(olive.page, max.page, max.email);
  await createOrganisation(gina.page, `Globex ${Date.now()}`);

  const byOlive = await createOrderViaApi(olive.page, { email: olive.email, content: 'Olive’s order for the organisation, written by a model and needing a human eye.' });
  const byMax = await createOrderViaApi(max.page, { email: max.email, content: 'Max’s order for the organisation, still to be paid by someone.', pay: false });

  // Each member's dashboard lists both orders, each saying who placed it.
  for (const who of [olive, max]) {
    await who.page.goto('/dashboard');
    const oliveCard = who.page.locator(`[data-submission-id="${byOlive}"]`);
    const maxCard = who.page.locator(`[data-submission-id="${byMax}"]`);
    await expect(oliveCard.getByTestId('placed-by')).toHaveText(`Placed by ${olive.name}`);
    await expect(maxCard.getByTestId('placed-by')).toHaveText(`Placed by ${max.name}`);
    await expect(who.page.getByTestId('counter-total-submissions')).toHaveText('2');
  }
  // The details of a colleague's order name who placed it, with their address.
  await max.page.locator(`[data-submission-id="${byOlive}"]`).getByRole('button', { name: 'View Details' }).click();
  const details = max.page.getByRole('dialog', { name: `Submission ${byOlive}` });
  await expect(details.getByText(`${olive.name} (${olive.email})`)).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toHaveCount(0);
  // Olive can open Max's unpaid order's checkout, as Max could.
  await olive.page.goto(`/checkout/${byMax}`);
  await expect(olive.page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();

  // Another organisation's member: nothing on the dashboard, "not found" at the order's address, 404 from the API.
  await gina.page.goto('/dashboard');
  await expect(gina.page.getByText('No submissions yet').first()).toBeVisible();
  await expect(gina.page.locator(`[data-submission-id="${byOlive}"]`)).toHaveCount(0);
  await gina.page.goto(`/checkout/${byMax}`);
  await expect(gina.page.getByRole('heading', { name: 'Submission Not Found' })).toBeVisible();
  for (const id of [byOlive, byMax]) {
    expect((await gina.page.request.get(`/api/submissions/${id}`)).status()).toBe(404);
    expect((await gina.page.request.get(`/api/messages/${id}`)).status()).toBe(404);
  }
  expect((await max.page.request.get(`/api/submissions/${byOlive}`)).status()).toBe(200);

  // Settings: the member's credit is the organisation's, and only an owner can buy more (no pack buttons for Max).
  await max.page.goto('/settings');
  await expect(max.page.getByTestId('credit-organisation')).toContainText('Only an owner can buy more.');
  await expect(max.page.getByRole('button', { name: /^Buy £/ })).toHaveCount(0);
  await olive.page.goto('/settings');
  await expect(olive.page.getByTestId('credit-organisation')).toContainText('shared by all its members');
  await expect(olive.page.getByRole('button', { name: 'Buy £50.00' })).toBeVisible();

  for (const who of [olive, max, gina]) await who.page.context().close();
});
