/**
 * The review team (issue 14, decision 021): invitations (single use, 7 days, revocable, only a hash stored) and an
 * admin's suspend / reinstate / remove, whose open claims go back to the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEAM_MESSAGES, type Invitation, type Team } from '../../../shared/team.schema';
import type { AdminSubmission } from '../../../shared/submission.schema';
import { emailOutbox, submissions, teamInvitations, users } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, uniqueEmail, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createPaidOrder } from '../../test-support/orders';
import { mailsTo } from '../../test-support/accounts';
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
    const existing = await signUp(t.app, { email: uniqueEmail('existing'), firstName: 'Eve' });
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
    const rightful = await signUp(t.app, { email });
    expect((await accept(token, rightful)).statusCode).toBe(200);
  });

  it('two accepts at once make one acceptance', async () => {
    const email = uniqueEmail('twice');
    const { token } = await invite(email);
    const who = await signUp(t.app, { email });
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
    const who = await signUp(t.app, { email });
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
    const who = await signUp(t.app, { email });
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
    const rows = await t.app.db.select({ claimedBy: submissions.claimedBy }).from(submissions).where(sql`${submissions.id} in (${sql.join(orders.map((o) => sql`${o}`), sql`, `)})`);
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
    const [row] = await t.app.db.select({ claimedBy: submissions.claimedBy }).from(submissions).where(eq(submissions.id, id));
    expect(row!.claimedBy).toBeNull();
    const [account] = await t.app.db.select({ isReviewer: users.isReviewer }).from(users).where(eq(users.id, rob.id));
    expect(account!.isReviewer).toBe(false);
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
