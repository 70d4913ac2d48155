/**
 * The review team (issue 14, decision 021): invitations (single use, 7 days, revocable, only a hash stored) and an
 * admin's suspend / reinstate / remove, whose open claims go back to the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEAM_MESSAGES, type Invitation, type Team } from '../../../shared/team.schema';
import type { AdminSubmission } from '../../../shared/submission.schema';
import { emailOutbox, reviewDeskOrders, submissions, teamInvitations, users } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, TEST_PASSWORD, uniqueEmail, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createPaidOrder } from '../../test-support/orders';
import { latestVerificationPath, mailsTo } from '../../test-support/accounts';
import { hashInvitationToken } from './team';

let t: TestApp;
let admin: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app, { firstName: 'Casey' });
});
afterAll(async () => t.close());

async function invite(email: string): Promise<{ invitation: Invitation; token: string }> {
  const response = await t.request('POST', '/api/admin/team/invitations', admin, { email });
  expect(response.statusCode, response.body).toBe(201);
  const [mail] = await mailsTo(t.app.db, email, 'team-invitation');
  const match = mail?.textBody.match(/\/team\/join#token=([A-Za-z0-9_%-]+)/);
  expect(match, mail?.textBody).toBeTruthy();
  return { invitation: response.json() as Invitation, token: decodeURIComponent(match![1]!) };
}
/** Opens the verification e-mail's link, as the owner of the address does. */
async function verify(who: SignedInUser): Promise<void> {
  const link = await latestVerificationPath(t.app.db, who.email, t.config.PUBLIC_URL);
  expect((await t.app.inject({ url: link })).statusCode).toBe(302);
}
/** A new account with a verified address: who may accept an invitation to it. */
async function signUpVerified(input: Parameters<typeof signUp>[1]): Promise<SignedInUser> {
  const who = await signUp(t.app, input);
  await verify(who);
  return who;
}
const emailVerified = async (who: SignedInUser) =>
  (await t.app.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, who.id)))[0]!.v;
const accept = (token: string, who: SignedInUser) => t.request('POST', '/api/team/invitations/accept', who, { token });
const lookup = (token: string) => t.request('POST', '/api/team/invitations/lookup', null, { token });
const role = async (who: SignedInUser) => ((await t.request('GET', '/api/auth/user', who)).json() as { role: string }).role;
const team = async () => (await t.request('GET', '/api/admin/team', admin)).json() as Team;

describe('invitations', () => {
  it('an invited address signs up, accepts once, and becomes a reviewer; the link never works again', async () => {
    const email = uniqueEmail('invitee');
    const { invitation, token } = await invite(email);
    expect(invitation).toMatchObject({ email, invitedBy: 'Ada Admin' });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBeCloseTo(7 * 86_400_000, -4);
    expect((await team()).invitations.map((i) => i.id)).toContain(invitation.id);

    expect((await lookup(token)).json()).toMatchObject({ email });
    const newcomer = await signUp(t.app, { email, firstName: 'Nia' });
    expect(await role(newcomer)).toBe('customer');
    // Until the address is verified through its own e-mail, the link does not work (and is not used up).
    const unverified = await accept(token, newcomer);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe(TEAM_MESSAGES.invitationUnverified(email));
    await verify(newcomer);
    const accepted = await accept(token, newcomer);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ role: 'reviewer', isAdmin: false, email });
    expect(await role(newcomer)).toBe('reviewer');
    expect((await t.request('GET', '/api/admin/submissions', newcomer)).statusCode).toBe(200);

    const again = await accept(token, newcomer);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(TEAM_MESSAGES.invitationUsed);
    expect((await lookup(token)).statusCode).toBe(410);
    expect((await team()).invitations.map((i) => i.id)).not.toContain(invitation.id);
    expect((await team()).members.find((m) => m.email === email)).toMatchObject({ role: 'reviewer', suspended: false, manageable: true });
  });

  it('attaches to an existing account with the invited address, case aside', async () => {
    const existing = await signUpVerified({ email: uniqueEmail('existing'), firstName: 'Eve' });
    const { token } = await invite(existing.email.toUpperCase());
    expect((await accept(token, existing)).statusCode).toBe(200);
    expect(await role(existing)).toBe('reviewer');
  });

  it('is for the invited address only: another account cannot use a forwarded link (and does not use it up)', async () => {
    const email = uniqueEmail('forwarded');
    const { token } = await invite(email);
    const other = await accept(token, customer);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(TEAM_MESSAGES.invitationOtherAccount(email));
    expect(await role(customer)).toBe('customer');
    const rightful = await signUpVerified({ email });
    expect((await accept(token, rightful)).statusCode).toBe(200);
  });

  it('a forwarded link to an address without an account does not make its holder a reviewer, nor verify the address (issue 29)', async () => {
    const email = uniqueEmail('unclaimed');
    const { token } = await invite(email);
    // Whoever holds the link signs up as the invited address: the sign-up works, the address stays unverified.
    const holder = await signUp(t.app, { email, firstName: 'Mallory' });
    const refused = await accept(token, holder);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TEAM_MESSAGES.invitationUnverified(email));
    expect(await role(holder)).toBe('customer');
    expect(await emailVerified(holder)).toBe(false);
    expect((await t.request('GET', '/api/admin/submissions', holder)).statusCode).toBe(403);
    // The link still works for the address's owner, once verified; accepting leaves verification to the e-mail.
    await verify(holder);
    expect((await accept(token, holder)).statusCode).toBe(200);
    expect(await emailVerified(holder)).toBe(true);
  });

  it('accepting never marks an address verified', async () => {
    const email = uniqueEmail('neververified');
    const { token } = await invite(email);
    const who = await signUp(t.app, { email });
    expect((await accept(token, who)).statusCode).toBe(403);
    expect(await emailVerified(who)).toBe(false);
    expect(await role(who)).toBe('customer');
  });

  it('two concurrent invitations to one address leave exactly one valid link (issue 29)', async () => {
    const email = uniqueEmail('concurrent');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => t.request('POST', '/api/admin/team/invitations', admin, { email })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const valid = await t.app.db
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(sql`${teamInvitations.email} = ${email} and ${teamInvitations.acceptedAt} is null and ${teamInvitations.revokedAt} is null`);
    expect(valid).toHaveLength(1);
    expect((await team()).invitations.filter((i) => i.email === email)).toHaveLength(1);
  });

  it('two accepts at once make one acceptance', async () => {
    const email = uniqueEmail('twice');
    const { token } = await invite(email);
    const who = await signUpVerified({ email });
    const results = await Promise.all([accept(token, who), accept(token, who), accept(token, who)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410, 410]);
  });

  it('expires after 7 days', async () => {
    const email = uniqueEmail('late');
    const { invitation, token } = await invite(email);
    await t.app.db
      .update(teamInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(teamInvitations.id, invitation.id));
    const who = await signUpVerified({ email });
    const late = await accept(token, who);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(TEAM_MESSAGES.invitationExpired);
    expect((await lookup(token)).json().message).toBe(TEAM_MESSAGES.invitationExpired);
    expect(await role(who)).toBe('customer');
    expect((await team()).invitations.map((i) => i.id)).not.toContain(invitation.id);
  });

  it('an admin revokes a pending invitation; inviting the address again withdraws the older link', async () => {
    const email = uniqueEmail('revoked');
    const first = await invite(email);
    const second = await invite(email);
    const who = await signUpVerified({ email });
    expect((await accept(first.token, who)).json().message).toBe(TEAM_MESSAGES.invitationRevoked);
    expect((await t.request('DELETE', `/api/admin/team/invitations/${second.invitation.id}`, admin)).statusCode).toBe(204);
    expect((await t.request('DELETE', `/api/admin/team/invitations/${second.invitation.id}`, admin)).statusCode).toBe(404);
    expect((await accept(second.token, who)).json().message).toBe(TEAM_MESSAGES.invitationRevoked);
    expect(await role(who)).toBe('customer');
  });

  it('stores only a hash of the token, never the token (database, answers)', async () => {
    const email = uniqueEmail('hashed');
    const { invitation, token } = await invite(email);
    const [row] = await t.app.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row!.tokenHash).toBe(hashInvitationToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(await team())).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(43);
    // The e-mail went through the outbox, to the invitee only.
    const queued = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'team-invitation'));
    expect(queued.filter((m) => m.textBody.includes(token)).map((m) => m.toAddress)).toEqual([email]);
  });

  it('refuses bad input with 400, unknown tokens with 404, and inviting someone already on the team with 409', async () => {
    for (const email of ['', 'not-an-email', `${'a'.repeat(250)}@x.example`]) {
      expect((await t.request('POST', '/api/admin/team/invitations', admin, { email })).statusCode, email).toBe(400);
    }
    for (const token of ['', 'short', 'has spaces in it and is long enough', 'x'.repeat(500)]) {
      expect((await lookup(token)).statusCode, token).toBe(400);
    }
    const unknown = await lookup('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TEAM_MESSAGES.invitationInvalid);
    const reviewer = await signUpReviewer(t.app);
    const onTeam = await t.request('POST', '/api/admin/team/invitations', admin, { email: reviewer.email });
    expect(onTeam.statusCode).toBe(409);
    expect((await t.request('POST', '/api/admin/team/invitations', admin, { email: admin.email })).statusCode).toBe(409);
  });

  it('only admins manage the team: a reviewer and a customer get 403, a visitor 401', async () => {
    const reviewer = await signUpReviewer(t.app);
    for (const who of [reviewer, customer]) {
      expect((await t.request('GET', '/api/admin/team', who)).statusCode).toBe(403);
      expect((await t.request('POST', '/api/admin/team/invitations', who, { email: uniqueEmail() })).statusCode).toBe(403);
    }
    expect((await t.request('GET', '/api/admin/team', null)).statusCode).toBe(401);
    expect((await t.request('POST', '/api/team/invitations/accept', null, { token: 'A'.repeat(43) })).statusCode).toBe(401);
  });
});

describe('suspend, reinstate, remove', () => {
  const claimAs = (id: string, who: SignedInUser) => t.request('POST', `/api/admin/submissions/${id}/claim`, who);

  it('a suspended reviewer gets 403 on staff routes, and their open claims go back to the queue', async () => {
    const rita = await signUpReviewer(t.app, 'Rita');
    const orders = [await createPaidOrder(t.app, customer), await createPaidOrder(t.app, customer)];
    for (const id of orders) expect((await claimAs(id, rita)).statusCode).toBe(200);
    expect((await team()).members.find((m) => m.id === rita.id)?.openClaims).toBe(2);

    const suspended = await t.request('POST', `/api/admin/team/members/${rita.id}/suspend`, admin);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((suspended.json() as Team).members.find((m) => m.id === rita.id)).toMatchObject({ suspended: true, openClaims: 0 });
    const rows = await t.app.db.select({ claimedBy: reviewDeskOrders.claimedBy }).from(submissions).leftJoin(reviewDeskOrders, eq(reviewDeskOrders.orderId, submissions.id)).where(sql`${submissions.id} in (${sql.join(orders.map((o) => sql`${o}`), sql`, `)})`);
    expect(rows.map((r) => r.claimedBy)).toEqual([null, null]);

    expect(await role(rita)).toBe('customer');
    for (const [method, url] of [
      ['GET', '/api/admin/submissions'],
      ['GET', `/api/admin/submissions/${orders[0]}`],
      ['POST', `/api/admin/submissions/${orders[0]}/claim`],
    ] as const) {
      const response = await t.request(method, url, rita);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // Signing in again does not bring the access back.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/identity/sign-in/email', payload: { email: rita.email, password: 'correct-horse-battery' } });
    expect(signIn.statusCode).toBe(200);
    const fresh = { id: rita.id, email: rita.email, cookie: String(signIn.headers['set-cookie']).split(';')[0]! };
    expect((await t.request('GET', '/api/admin/submissions', fresh)).statusCode).toBe(403);

    // Reinstated: access back, claims stay released.
    expect((await t.request('POST', `/api/admin/team/members/${rita.id}/reinstate`, admin)).statusCode).toBe(200);
    expect(await role(rita)).toBe('reviewer');
    const order = (await t.request('GET', `/api/admin/submissions/${orders[0]}`, rita)).json() as AdminSubmission;
    expect(order.claim).toBeNull();
  });

  it('a removed reviewer is an ordinary customer again, claims released', async () => {
    const rob = await signUpReviewer(t.app, 'Rob');
    const id = await createPaidOrder(t.app, customer);
    await claimAs(id, rob);
    const removed = await t.request('DELETE', `/api/admin/team/members/${rob.id}`, admin);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Team).members.map((m) => m.id)).not.toContain(rob.id);
    expect(await role(rob)).toBe('customer');
    const [row] = await t.app.db.select({ claimedBy: reviewDeskOrders.claimedBy }).from(submissions).leftJoin(reviewDeskOrders, eq(reviewDeskOrders.orderId, submissions.id)).where(eq(submissions.id, id));
    expect(row!.claimedBy).toBeNull();
    const [account] = await t.app.db.select({ isReviewer: users.isReviewer }).from(users).where(eq(users.id, rob.id));
    expect(account!.isReviewer).toBe(false);
  });

  it('a reviewer who deletes their account leaves the Team page, and their claims go back to the queue (issue 29)', async () => {
    const dee = await signUpReviewer(t.app, 'Dee');
    const id = await createPaidOrder(t.app, customer);
    await claimAs(id, dee);
    expect((await team()).members.map((m) => m.id)).toContain(dee.id);
    const deleted = await t.request('POST', '/api/account/delete', dee, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await team()).members.map((m) => m.id)).not.toContain(dee.id);
    const [row] = await t.app.db.select({ claimedBy: reviewDeskOrders.claimedBy }).from(submissions).leftJoin(reviewDeskOrders, eq(reviewDeskOrders.orderId, submissions.id)).where(eq(submissions.id, id));
    expect(row!.claimedBy).toBeNull();
    // An account deleted before this fix (still marked reviewer) is not listed either.
    await t.app.db.update(users).set({ isReviewer: true }).where(eq(users.id, dee.id));
    expect((await team()).members.map((m) => m.id)).not.toContain(dee.id);
  });

  it('admins are not suspended or removed from the page; unknown members are 404', async () => {
    const other = await signUpAdmin(t.app);
    const refused = await t.request('POST', `/api/admin/team/members/${other.id}/suspend`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEAM_MESSAGES.cannotChangeAdmin);
    expect((await t.request('DELETE', `/api/admin/team/members/${other.id}`, admin)).statusCode).toBe(409);
    expect((await t.request('POST', `/api/admin/team/members/${customer.id}/suspend`, admin)).statusCode).toBe(404);
    expect((await t.request('POST', '/api/admin/team/members/nobody/suspend', admin)).statusCode).toBe(404);
  });
});
