import type { Browser, Page } from '@playwright/test';
import { TEAM_MESSAGES } from '../../shared/team.schema';
import { E2E_BASE_URL } from '../env';
import { expect, expectToast, signUpViaApi, type E2EUser } from '../fixtures';
import { linkIn, waitForMail } from '../mailbox';

/** A signed-in person in a browser context of their own: `signUp` makes the account (`signUpAdmin` for an administrator). */
export async function person(
  browser: Browser,
  who: Partial<E2EUser>,
  signUp: (page: Page, who: Partial<E2EUser>) => Promise<E2EUser> = signUpViaApi,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await signUp(page, who);
  return page;
}

/** The admin (on /admin/team) invites `email`; the invitee opens the e-mailed link, verifies the address and accepts. */
export async function inviteAndJoin(admin: Page, reviewer: Page, email: string): Promise<void> {
  await admin.getByLabel("Reviewer's e-mail").fill(email);
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(admin, 'Invitation sent');
  await expect(admin.getByTestId(`invitation-${email}`)).toBeVisible();
  const mail = await waitForMail(email, 'review team');
  const link = new URL(linkIn(mail, '/team/join#token='));
  await reviewer.goto(`${link.pathname}${link.hash}`);
  await expect(reviewer.getByText(`This invitation is for ${email}`)).toBeVisible();
  // The link alone is not enough: the address must be verified through its own e-mail first (issue 29).
  await reviewer.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(reviewer.getByText(TEAM_MESSAGES.invitationUnverified(email))).toBeVisible();
  const verification = await waitForMail(email, 'Confirm your e-mail address');
  await reviewer.goto(linkIn(verification, '/api/identity/verify-email'));
  await expect(reviewer).toHaveURL(/\/email-verified$/);
  await reviewer.goto(`${link.pathname}${link.hash}`);
  await reviewer.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(reviewer.getByText('Welcome to the review team.')).toBeVisible();
}
