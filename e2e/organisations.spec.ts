/**
 * Issue 27, organisations (decision 043): an owner creates an organisation in Settings and invites a colleague by
 * e-mail; the colleague opens the e-mailed link, creates an account with that address, verifies it and accepts;
 * both see the organisation and its members in Settings, and the colleague sees the order the owner placed.
 */
import AxeBuilder from '@axe-core/playwright';
import { E2E_BASE_URL } from './env';
import { createOrderViaApi, E2E_PASSWORD, expect, expectToast, test, uniqueEmail } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { person } from './support/team';
import { ORGANISATION_MESSAGES } from '../shared/organisation.schema';

// The first "Accept" is refused on purpose (the address is not verified yet): its 403 is expected.
test.use({ allowConsoleErrors: [/status of 403/] });

test('an owner invites a colleague, who signs up with that address and joins; both see the organisation', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const ownerEmail = uniqueEmail('org-owner');
  const colleagueEmail = uniqueEmail('org-colleague');
  const owner = await person(browser, { email: ownerEmail, firstName: 'Olive', lastName: 'Owner' });

  // The owner: without an organisation, Settings shows only the small card with its form.
  await owner.goto('/settings');
  await expect(owner.getByRole('heading', { name: 'Organisation', level: 2 })).toBeVisible();
  await owner.getByRole('button', { name: 'Create organisation' }).click();
  await expect(owner.getByText(ORGANISATION_MESSAGES.nameRequired)).toBeVisible();
  await owner.getByLabel('Organisation name').fill('  Bright Words Ltd  ');
  await owner.getByRole('button', { name: 'Create organisation' }).click();
  await expectToast(owner, 'Organisation', ORGANISATION_MESSAGES.created);
  await expect(owner.getByTestId('organisation-name')).toHaveText('Bright Words Ltd');
  await expect(owner.getByTestId(`org-member-${ownerEmail}`)).toContainText('Owner');
  // An order placed now is the organisation's.
  const orderId = await createOrderViaApi(owner, { email: ownerEmail, content: 'Our spring catalogue says the bridge opened in 1890.' });

  // It invites the colleague by e-mail; the invitation is pending.
  await owner.getByLabel("Colleague's e-mail").fill(colleagueEmail);
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(owner, 'Invitation sent');
  await expect(owner.getByTestId(`org-invitation-${colleagueEmail}`)).toBeVisible();

  // The colleague opens the e-mailed link, signed out, and creates an account with the invited address.
  const mail = await waitForMail(colleagueEmail, 'Bright Words Ltd');
  const link = new URL(linkIn(mail, '/organisation/join#token='));
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Join an organisation' })).toBeVisible();
  await expect(page.getByText(`invited ${colleagueEmail}`)).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByLabel('First name').fill('Colin');
  await page.getByLabel('Last name').fill('Colleague');
  await page.getByLabel('Email').fill(colleagueEmail);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Back on the join page after sign-up (the token waited in session storage).
  await expect(page).toHaveURL(/\/organisation\/join$/);
  await expect(page.getByText(`You are signed in as ${colleagueEmail}`)).toBeVisible();

  // The address must be verified through its own e-mail first (the review team's rule).
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText(ORGANISATION_MESSAGES.invitationUnverified(colleagueEmail))).toBeVisible();
  const verification = await waitForMail(colleagueEmail, 'Confirm your e-mail address');
  await page.goto(linkIn(verification, '/api/identity/verify-email').replace(E2E_BASE_URL, ''));
  await expect(page).toHaveURL(/\/email-verified$/);
  await page.goto('/organisation/join');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText(ORGANISATION_MESSAGES.joined('Bright Words Ltd'))).toBeVisible();

  // Both see the organisation and its members in Settings.
  await page.getByRole('link', { name: 'See the members' }).click();
  await expect(page.getByTestId('organisation-name')).toHaveText('Bright Words Ltd');
  await expect(page.getByTestId(`org-member-${ownerEmail}`)).toContainText('Olive Owner');
  await expect(page.getByTestId(`org-member-${ownerEmail}`)).toContainText('Owner');
  await expect(page.getByTestId(`org-member-${colleagueEmail}`)).toContainText('Member');
  // A member manages nothing: no invite form, no role buttons.
  await expect(page.getByLabel("Colleague's e-mail")).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Make / })).toHaveCount(0);

  await owner.reload();
  await expect(owner.getByTestId(`org-member-${colleagueEmail}`)).toContainText('Colin Colleague');
  await expect(owner.getByTestId(`org-member-${colleagueEmail}`)).toContainText('Member');
  await expect(owner.getByTestId(`org-invitation-${colleagueEmail}`)).toHaveCount(0);

  // The colleague sees the order the owner placed (the organisation's orders are every member's).
  const shared = await page.request.get(`/api/submissions/${orderId}`);
  expect(shared.status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.locator(`[data-testid="submission-card"][data-submission-id="${orderId}"]`)).toBeVisible();

  // The owner's card, with members and a pending invitation, meets WCAG 2.2 AA and reflows at 320 px.
  const pendingEmail = uniqueEmail('org-pending');
  await owner.getByLabel("Colleague's e-mail").fill(pendingEmail);
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByTestId(`org-invitation-${pendingEmail}`)).toBeVisible();
  const axe = await new AxeBuilder({ page: owner }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await owner.setViewportSize({ width: 320, height: 720 });
  await expect.poll(() => owner.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await owner.setViewportSize({ width: 1280, height: 720 });
  await owner.getByRole('button', { name: `Withdraw the invitation to ${pendingEmail}` }).click();
  await expect(owner.getByTestId(`org-invitation-${pendingEmail}`)).toHaveCount(0);

  // The owner makes the colleague an owner, by keyboard.
  const makeOwner = owner.getByRole('button', { name: 'Make Colin Colleague an owner' });
  await makeOwner.focus();
  await owner.keyboard.press('Enter');
  await expectToast(owner, 'Organisation', ORGANISATION_MESSAGES.roleChanged('Colin Colleague', 'owner'));
  await expect(owner.getByTestId(`org-member-${colleagueEmail}`)).toContainText('Owner');

  // The colleague (now an owner too) leaves, through the confirmation dialog: the card offers the form again.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Leave organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave Bright Words Ltd?' });
  await expect(dialog).toContainText('The orders you placed stay with the organisation');
  await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
  await expectToast(page, 'Organisation', ORGANISATION_MESSAGES.left);
  await expect(page.getByRole('button', { name: 'Create organisation' })).toBeVisible();
  await owner.reload();
  await expect(owner.getByTestId(`org-member-${colleagueEmail}`)).toHaveCount(0);
  await owner.context().close();
});
