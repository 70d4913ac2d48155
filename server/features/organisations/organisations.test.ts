/**
 * Organisations (issue 27, decision 043): create and rename, invitations by e-mail with the review team's rules
 * (single use, 7 days, revocable, the verified invited address only), owner and member roles, the last owner,
 * leaving and removal (the orders stay with the organisation, organisation API keys are revoked), account deletion,
 * hostile input, and another organisation's ids (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  ORGANISATION_INVITATIONS_PER_WINDOW,
  ORGANISATION_MESSAGES,
  type MyOrganisation,
  type OrganisationInvitation,
} from '../../../shared/organisation.schema';
import { apiKeys, organisationInvitations, organisationMembers, organisations, styleGuides, submissions, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { hashInvitationToken } from '../../lib/invitations';
import { mailsTo } from '../../test-support/accounts';
import { createPaidOrder } from '../../test-support/orders';
import { createTestApp, signUp, TEST_PASSWORD, uniqueEmail, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { onMemberLeft } from './organisations';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------
const get = async (who: SignedInUser) => {
  const response = await t.request('GET', '/api/organisation', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MyOrganisation | null;
};
const create = (who: SignedInUser, name: unknown) => t.request('POST', '/api/organisation', who, { name });
const lookup = (token: string) => t.request('POST', '/api/organisation-invitations/lookup', null, { token });
const accept = (token: string, who: SignedInUser) => t.request('POST', '/api/organisation-invitations/accept', who, { token });
const setRole = (who: SignedInUser, target: string, role: string) => t.request('PATCH', `/api/organisation/members/${target}`, who, { role });
const remove = (who: SignedInUser, target: string) => t.request('DELETE', `/api/organisation/members/${target}`, who);
const leave = (who: SignedInUser) => t.request('POST', '/api/organisation/leave', who);

async function verified(input: Parameters<typeof signUp>[1] = {}): Promise<SignedInUser> {
  const who = await signUp(t.app, input);
  await t.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, who.id));
  return who;
}

async function newOrganisation(name = 'Acme Ltd'): Promise<{ owner: SignedInUser; organisation: MyOrganisation }> {
  const owner = await verified({ firstName: 'Olive', lastName: 'Owner' });
  const response = await create(owner, name);
  expect(response.statusCode, response.body).toBe(201);
  return { owner, organisation: response.json() as MyOrganisation };
}

async function invite(owner: SignedInUser, email: string): Promise<{ invitation: OrganisationInvitation; token: string }> {
  const response = await t.request('POST', '/api/organisation/invitations', owner, { email });
  expect(response.statusCode, response.body).toBe(201);
  const invitation = response.json() as OrganisationInvitation;
  const [mail] = await mailsTo(t.app.db, invitation.email, 'organisation-invitation');
  const match = mail?.textBody.match(/\/organisation\/join#token=([A-Za-z0-9_%-]+)/);
  expect(match, mail?.textBody).toBeTruthy();
  return { invitation, token: decodeURIComponent(match![1]!) };
}

/** An owner's organisation with one more (verified) member who joined through an invitation. */
async function withMember(firstName = 'Mia'): Promise<{ owner: SignedInUser; member: SignedInUser; organisationId: string }> {
  const { owner, organisation } = await newOrganisation();
  const member = await verified({ firstName, lastName: 'Member' });
  const { token } = await invite(owner, member.email);
  const joined = await accept(token, member);
  expect(joined.statusCode, joined.body).toBe(200);
  return { owner, member, organisationId: organisation.id };
}

/** An order placed by `who` for the organisation (set directly when the order code does not yet set it). */
async function orgOrder(who: SignedInUser, organisationId: string): Promise<string> {
  const id = await createPaidOrder(t.app, who);
  await t.app.db.update(submissions).set({ organisationId }).where(eq(submissions.id, id));
  return id;
}
const order = async (id: string) => (await t.app.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;

async function insertKey(userId: string, organisationId: string | null): Promise<string> {
  const id = newId();
  await t.app.db.insert(apiKeys).values({
    id,
    userId,
    organisationId,
    name: 'Pipeline',
    prefix: `hp_${id.slice(0, 6)}`,
    keyHash: hashInvitationToken(id),
    scopes: ['orders:read'],
  });
  return id;
}
const keyRevoked = async (id: string) => (await t.app.db.select({ r: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.r !== null;

// ---------------------------------------------------------------------------------------------
// Creating
// ---------------------------------------------------------------------------------------------
describe('creating an organisation', () => {
  it('a customer without one sees null, creates one as its owner, and cannot create a second (409)', async () => {
    const customer = await signUp(t.app, { firstName: 'Cara', lastName: 'Creator' });
    const none = await t.request('GET', '/api/organisation', customer);
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('null');

    const created = await create(customer, '  Acme Widgets Ltd  ');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Acme Widgets Ltd',
      role: 'owner',
      invitations: [],
      members: [{ userId: customer.id, name: 'Cara Creator', email: customer.email, role: 'owner', isYou: true }],
    });
    expect(await get(customer)).toMatchObject({ name: 'Acme Widgets Ltd', role: 'owner' });

    const again = await create(customer, 'Second Ltd');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORGANISATION_MESSAGES.alreadyInOrganisation);
    expect(await get(customer)).toMatchObject({ name: 'Acme Widgets Ltd' });
  });

  it("carries the founder's billing details and house style over to the new organisation, keeping theirs", async () => {
    const founder = await signUp(t.app, { firstName: 'Fern' });
    const details = { billingName: 'Fern Studio', address: '3 Quay Street\nBristol', purchaseOrderReference: 'PO-9' };
    expect((await t.request('PUT', '/api/billing/details', founder, details)).statusCode).toBe(200);
    const guide = { spellingVariant: 'british', terms: [{ term: 'utilise', kind: 'banned', replacement: 'use' }], rules: 'No exclamation marks.' };
    expect((await t.request('PUT', '/api/style-guide', founder, guide)).statusCode).toBe(200);
    expect((await create(founder, 'Fern Studio Ltd')).statusCode).toBe(201);

    expect((await t.request('GET', '/api/billing/details', founder)).json()).toMatchObject({ scope: 'organisation', organisationName: 'Fern Studio Ltd', ...details });
    expect((await t.request('GET', '/api/style-guide', founder)).json()).toMatchObject({ owner: 'organisation', ...guide });
    const [own] = await t.app.db.select().from(styleGuides).where(eq(styleGuides.userId, founder.id));
    expect(own?.rules).toBe('No exclamation marks.');
  });

  it('two creations at once make one organisation', async () => {
    const customer = await signUp(t.app);
    const answers = await Promise.all([create(customer, 'One'), create(customer, 'Two'), create(customer, 'Three')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.app.db.select().from(organisationMembers).where(eq(organisationMembers.userId, customer.id));
    expect(rows).toHaveLength(1);
  });

  it('an owner renames it; a member may not (403)', async () => {
    const { owner, member } = await withMember();
    const renamed = await t.request('PATCH', '/api/organisation', owner, { name: 'Acme Group' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Acme Group' });
    const refused = await t.request('PATCH', '/api/organisation', member, { name: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ORGANISATION_MESSAGES.ownerOnly);
    expect((await get(member))?.name).toBe('Acme Group');
    const lone = await signUp(t.app);
    expect((await t.request('PATCH', '/api/organisation', lone, { name: 'X' })).statusCode).toBe(404);
  });

  it('refuses hostile names with a 400 and a message, never a 500', async () => {
    const customer = await signUp(t.app);
    const cases: [unknown, string][] = [
      ['', ORGANISATION_MESSAGES.nameRequired],
      ['    ', ORGANISATION_MESSAGES.nameRequired],
      [undefined, ORGANISATION_MESSAGES.nameRequired],
      [42, ORGANISATION_MESSAGES.nameRequired],
      ['x'.repeat(101), ORGANISATION_MESSAGES.nameTooLong],
      ['x'.repeat(10_000), ORGANISATION_MESSAGES.nameTooLong],
      ['Acme\u202Edtl', ORGANISATION_MESSAGES.nameInvisible],
      ['Ac\u200Bme', ORGANISATION_MESSAGES.nameInvisible],
      ['Acme\nLtd', ORGANISATION_MESSAGES.nameInvisible],
    ];
    for (const [name, message] of cases) {
      const response = await create(customer, name);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().message, JSON.stringify(name)).toContain(message);
    }
    const nul = await create(customer, 'Acme\u0000Ltd');
    expect(nul.statusCode).toBe(400);
    expect(await get(customer)).toBeNull();
    // 100 characters exactly is fine, and a decomposed accent is stored composed (NFC).
    expect((await create(customer, `Cafe\u0301 ${'x'.repeat(94)}`)).statusCode).toBe(201);
    expect((await get(customer))?.name).toBe(`Café ${'x'.repeat(94)}`);
  });
});

// ---------------------------------------------------------------------------------------------
// Invitations
// ---------------------------------------------------------------------------------------------
describe('invitations', () => {
  it('an owner invites by e-mail; the invited address signs up, verifies, accepts once and is a member', async () => {
    const { owner, organisation } = await newOrganisation('Bright Words Ltd');
    const email = uniqueEmail('colleague');
    const { invitation, token } = await invite(owner, email);
    expect(invitation).toMatchObject({ email, invitedBy: 'Olive Owner' });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBeCloseTo(7 * 86_400_000, -4);
    // Only the token's hash is stored.
    const [stored] = await t.app.db.select().from(organisationInvitations).where(eq(organisationInvitations.id, invitation.id));
    expect(stored!.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const [mail] = await mailsTo(t.app.db, email, 'organisation-invitation');
    expect(mail!.subject).toContain('Bright Words Ltd');
    expect(mail!.textBody).toContain('Olive Owner invited you');
    expect((await get(owner))?.invitations.map((i) => i.id)).toEqual([invitation.id]);

    const looked = await lookup(token);
    expect(looked.statusCode).toBe(200);
    expect(looked.headers['cache-control']).toBe('no-store');
    expect(looked.json()).toMatchObject({ organisationName: 'Bright Words Ltd', email });

    const newcomer = await signUp(t.app, { email, firstName: 'Nia', lastName: 'New' });
    const unverified = await accept(token, newcomer);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe(ORGANISATION_MESSAGES.invitationUnverified(email));
    await t.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, newcomer.id));

    const accepted = await accept(token, newcomer);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: organisation.id, role: 'member', invitations: [] });
    const members = (await get(owner))!.members;
    expect(members.map((m) => [m.name, m.role])).toEqual([
      ['Olive Owner', 'owner'],
      ['Nia New', 'member'],
    ]);
    expect((await get(owner))!.invitations).toEqual([]);

    const again = await accept(token, newcomer);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(ORGANISATION_MESSAGES.invitationUsed);
    expect((await lookup(token)).statusCode).toBe(410);
  });

  it('is for the invited address only: another account is refused and does not use the link up', async () => {
    const { owner } = await newOrganisation();
    const email = uniqueEmail('forwarded');
    const { token } = await invite(owner, email);
    const stranger = await verified();
    const refused = await accept(token, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ORGANISATION_MESSAGES.invitationOtherAccount(email));
    expect(await get(stranger)).toBeNull();
    const rightful = await verified({ email: email.toUpperCase() });
    expect((await accept(token, rightful)).statusCode).toBe(200);
  });

  it('expired, withdrawn, replaced, unknown and malformed links are refused with their reason', async () => {
    const { owner } = await newOrganisation();
    const invitee = await verified();

    const expired = await invite(owner, invitee.email);
    await t.app.db
      .update(organisationInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(organisationInvitations.id, expired.invitation.id));
    expect((await lookup(expired.token)).json().message).toBe(ORGANISATION_MESSAGES.invitationExpired);
    const late = await accept(expired.token, invitee);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(ORGANISATION_MESSAGES.invitationExpired);
    expect((await get(owner))!.invitations).toEqual([]);

    const withdrawn = await invite(owner, invitee.email);
    const revoke = await t.request('DELETE', `/api/organisation/invitations/${withdrawn.invitation.id}`, owner);
    expect(revoke.statusCode).toBe(204);
    expect((await t.request('DELETE', `/api/organisation/invitations/${withdrawn.invitation.id}`, owner)).statusCode).toBe(404);
    const revoked = await accept(withdrawn.token, invitee);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().message).toBe(ORGANISATION_MESSAGES.invitationRevoked);

    // A new invitation to the same address withdraws the pending one: one link works at a time.
    const first = await invite(owner, invitee.email);
    const second = await invite(owner, invitee.email);
    expect((await accept(first.token, invitee)).json().message).toBe(ORGANISATION_MESSAGES.invitationRevoked);
    expect((await get(owner))!.invitations.map((i) => i.id)).toEqual([second.invitation.id]);

    const unknown = await accept('A'.repeat(43), invitee);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ORGANISATION_MESSAGES.invitationInvalid);
    for (const token of ['short', 'x'.repeat(10_000), '../../etc/passwd-xxxxxxxxxxxxxxxxxxxx', 'ｔｏｋｅｎ'.repeat(10)]) {
      const response = await lookup(token);
      expect(response.statusCode, token.slice(0, 20)).toBe(400);
      expect(response.json().message).toBe(ORGANISATION_MESSAGES.invitationInvalid);
    }
    expect((await accept(`${'A'.repeat(30)}\u0000`, invitee)).statusCode).toBe(400);
    expect((await accept(second.token, invitee)).statusCode).toBe(200);
  });

  it('two accepts at once make one acceptance', async () => {
    const { owner, organisation } = await newOrganisation();
    const invitee = await verified();
    const { token } = await invite(owner, invitee.email);
    const answers = await Promise.all([accept(token, invitee), accept(token, invitee), accept(token, invitee)]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const rows = await t.app.db.select().from(organisationMembers).where(eq(organisationMembers.organisationId, organisation.id));
    expect(rows).toHaveLength(2);
  });

  it('an address already in an organisation cannot accept (409) and the link is not used up', async () => {
    const a = await newOrganisation('Alpha Ltd');
    const b = await newOrganisation('Beta Ltd');
    const { token } = await invite(a.owner, b.owner.email);
    const refused = await accept(token, b.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ORGANISATION_MESSAGES.acceptAlreadyInOrganisation);
    expect((await get(b.owner))?.name).toBe('Beta Ltd');
    expect((await lookup(token)).statusCode).toBe(200);
    // Once out of Beta (its last member), the same link works.
    expect((await leave(b.owner)).statusCode).toBe(204);
    expect((await accept(token, b.owner)).statusCode).toBe(200);
    expect((await get(b.owner))?.name).toBe('Alpha Ltd');
  });

  it('refuses to invite a current member, and refuses hostile addresses with a 400', async () => {
    const { owner, member } = await withMember();
    const dup = await t.request('POST', '/api/organisation/invitations', owner, { email: member.email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ORGANISATION_MESSAGES.alreadyMember);
    for (const email of [
      'colleague@exаmple.com', // Cyrillic а
      'ｃｏｌｌｅａｇｕｅ@example.com', // full-width
      'col\u200Bleague@example.com', // zero-width space
      'colleague@example.com\r\nBcc: victim@example.com',
      `${'a'.repeat(10_000)}@example.com`,
      'not-an-address',
      '',
      42,
    ]) {
      const response = await t.request('POST', '/api/organisation/invitations', owner, { email });
      expect(response.statusCode, String(email).slice(0, 40)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await t.request('POST', '/api/organisation/invitations', owner, { email: 'a\u0000b@example.com' })).statusCode).toBe(400);
    expect((await get(owner))!.invitations).toEqual([]);
  });

  it('members may not invite or withdraw (403); a lone customer gets 404', async () => {
    const { owner, member } = await withMember();
    const { invitation } = await invite(owner, uniqueEmail('pending'));
    const refused = await t.request('POST', '/api/organisation/invitations', member, { email: uniqueEmail('x') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ORGANISATION_MESSAGES.ownerOnly);
    expect((await t.request('DELETE', `/api/organisation/invitations/${invitation.id}`, member)).statusCode).toBe(403);
    // A member sees the members, not the pending invitations.
    expect((await get(member))!.invitations).toEqual([]);
    const lone = await signUp(t.app);
    const none = await t.request('POST', '/api/organisation/invitations', lone, { email: uniqueEmail('x') });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ORGANISATION_MESSAGES.notInOrganisation);
  });

  it(`limits invitations to ${ORGANISATION_INVITATIONS_PER_WINDOW} per account per window (429)`, async () => {
    const { owner } = await newOrganisation();
    for (let i = 0; i < ORGANISATION_INVITATIONS_PER_WINDOW; i += 1) {
      expect((await t.request('POST', '/api/organisation/invitations', owner, { email: uniqueEmail(`bulk${i}`) })).statusCode).toBe(201);
    }
    const limited = await t.request('POST', '/api/organisation/invitations', owner, { email: uniqueEmail('one-more') });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(ORGANISATION_MESSAGES.tooManyInvitations);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another owner is counted on their own.
    const other = await newOrganisation();
    expect((await t.request('POST', '/api/organisation/invitations', other.owner, { email: uniqueEmail('fine') })).statusCode).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------
// Roles and the last owner
// ---------------------------------------------------------------------------------------------
describe('roles', () => {
  it('an owner promotes and demotes; a member may not change roles or remove anyone (403)', async () => {
    const { owner, member } = await withMember();
    const byMember = await setRole(member, owner.id, 'member');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(ORGANISATION_MESSAGES.ownerOnly);
    expect((await remove(member, owner.id)).statusCode).toBe(403);

    const promoted = await setRole(owner, member.id, 'owner');
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((promoted.json() as MyOrganisation).members.find((m) => m.userId === member.id)?.role).toBe('owner');
    // Now the member (an owner) sees the pending invitations and may demote the first owner.
    expect((await setRole(member, owner.id, 'member')).statusCode).toBe(200);
    expect((await get(owner))!.role).toBe('member');
    expect((await t.request('PATCH', '/api/organisation', owner, { name: 'Nope' })).statusCode).toBe(403);
    expect((await setRole(member, member.id, 'nonsense')).statusCode).toBe(400);
  });

  it('the last owner can never be demoted, nor leave while others remain (409)', async () => {
    const { owner, member } = await withMember();
    const demote = await setRole(owner, owner.id, 'member');
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(ORGANISATION_MESSAGES.lastOwnerDemote);
    const left = await leave(owner);
    expect(left.statusCode).toBe(409);
    expect(left.json().message).toBe(ORGANISATION_MESSAGES.lastOwnerLeave);
    const self = await remove(owner, owner.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ORGANISATION_MESSAGES.lastOwnerLeave);
    expect((await get(owner))!.role).toBe('owner');
    // With a second owner, the first may go.
    expect((await setRole(owner, member.id, 'owner')).statusCode).toBe(200);
    expect((await leave(owner)).statusCode).toBe(204);
    expect(await get(owner)).toBeNull();
    expect((await get(member))!.members.map((m) => m.userId)).toEqual([member.id]);
  });

  it('two owners demoting each other at once leave one owner', async () => {
    const { owner, member, organisationId } = await withMember();
    expect((await setRole(owner, member.id, 'owner')).statusCode).toBe(200);
    const answers = await Promise.all([setRole(owner, member.id, 'member'), setRole(member, owner.id, 'member')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    const owners = await t.app.db
      .select()
      .from(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.role, 'owner')));
    expect(owners).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Leaving and removal
// ---------------------------------------------------------------------------------------------
describe('leaving and removal', () => {
  it('a member who leaves loses the organisation; their orders keep its id; their organisation keys are revoked', async () => {
    const { owner, member, organisationId } = await withMember();
    const orderId = await orgOrder(member, organisationId);
    const orgKey = await insertKey(member.id, organisationId);
    const ownKey = await insertKey(member.id, null);
    const ownerKey = await insertKey(owner.id, organisationId);

    expect((await leave(member)).statusCode).toBe(204);
    expect(await get(member)).toBeNull();
    expect((await get(owner))!.members.map((m) => m.userId)).toEqual([owner.id]);
    expect((await order(orderId)).organisationId).toBe(organisationId);
    expect(await keyRevoked(orgKey)).toBe(true);
    expect(await keyRevoked(ownKey)).toBe(false);
    expect(await keyRevoked(ownerKey)).toBe(false);
    expect((await leave(member)).statusCode).toBe(404);
  });

  it('an owner removes a member: the same, and the member can create or join another organisation', async () => {
    const { owner, member, organisationId } = await withMember();
    const orderId = await orgOrder(member, organisationId);
    const orgKey = await insertKey(member.id, organisationId);
    const removed = await remove(owner, member.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as MyOrganisation).members.map((m) => m.userId)).toEqual([owner.id]);
    expect(await get(member)).toBeNull();
    expect((await order(orderId)).organisationId).toBe(organisationId);
    expect(await keyRevoked(orgKey)).toBe(true);
    expect((await remove(owner, member.id)).statusCode).toBe(404);
    expect((await create(member, 'Fresh Start Ltd')).statusCode).toBe(201);
  });

  it('onMemberLeft revokes only that member’s keys of that organisation', async () => {
    const { owner, member, organisationId } = await withMember();
    const keys = [await insertKey(member.id, organisationId), await insertKey(member.id, null), await insertKey(owner.id, organisationId)];
    await t.app.db.transaction(async (tx) => onMemberLeft(tx, organisationId, member.id));
    expect(await Promise.all(keys.map(keyRevoked))).toEqual([true, false, false]);
  });

  it('when the last member leaves, the organisation stays with its orders and no members; pending links stop working', async () => {
    const { owner, organisation } = await newOrganisation('Last One Ltd');
    const orderId = await orgOrder(owner, organisation.id);
    const invitee = await verified();
    const { token } = await invite(owner, invitee.email);
    expect((await leave(owner)).statusCode).toBe(204);
    expect(await get(owner)).toBeNull();
    const [kept] = await t.app.db.select().from(organisations).where(eq(organisations.id, organisation.id));
    expect(kept?.name).toBe('Last One Ltd');
    expect(await t.app.db.select().from(organisationMembers).where(eq(organisationMembers.organisationId, organisation.id))).toEqual([]);
    expect((await order(orderId)).organisationId).toBe(organisation.id);
    expect((await accept(token, invitee)).json().message).toBe(ORGANISATION_MESSAGES.invitationRevoked);
  });
});

// ---------------------------------------------------------------------------------------------
// Another organisation's ids
// ---------------------------------------------------------------------------------------------
describe('another organisation', () => {
  it('its members and invitations answer 404 to an owner elsewhere, and nothing changes', async () => {
    const a = await withMember('Ana');
    const b = await newOrganisation('Other Ltd');
    const { invitation } = await invite(a.owner, uniqueEmail('a-pending'));
    for (const response of [
      await setRole(b.owner, a.member.id, 'owner'),
      await setRole(b.owner, a.owner.id, 'member'),
      await remove(b.owner, a.member.id),
      await remove(b.owner, a.owner.id),
      await t.request('DELETE', `/api/organisation/invitations/${invitation.id}`, b.owner),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    const after = await get(a.owner);
    expect(after!.members.map((m) => [m.userId, m.role])).toEqual([
      [a.owner.id, 'owner'],
      [a.member.id, 'member'],
    ]);
    expect(after!.invitations.map((i) => i.id)).toEqual([invitation.id]);
    // A customer in no organisation: 404 with a message on every organisation route.
    const lone = await signUp(t.app);
    for (const response of [await setRole(lone, a.member.id, 'owner'), await remove(lone, a.member.id), await leave(lone)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ORGANISATION_MESSAGES.notInOrganisation);
    }
    expect((await t.request('DELETE', '/api/organisation/members/not%20an%20id', a.owner)).statusCode).toBe(400);
  });

  it('anonymous callers get 401; the lookup is public', async () => {
    expect((await t.request('GET', '/api/organisation', null)).statusCode).toBe(401);
    expect((await t.request('POST', '/api/organisation', null, { name: 'X' })).statusCode).toBe(401);
    expect((await t.request('POST', '/api/organisation-invitations/accept', null, { token: 'A'.repeat(43) })).statusCode).toBe(401);
    expect((await lookup('A'.repeat(43))).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// Account deletion
// ---------------------------------------------------------------------------------------------
describe('account deletion', () => {
  const deleteAccount = (who: SignedInUser) => t.request('POST', '/api/account/delete', who, { password: TEST_PASSWORD });

  it('a member’s organisation orders pass to an owner, with their content; the member’s own orders are erased', async () => {
    const { owner, organisation } = await newOrganisation();
    const organisationId = organisation.id;
    const member = await verified({ firstName: 'Mo', lastName: 'Member' });
    // Placed before joining: the member's own order, not the organisation's.
    const ownOrderId = await createPaidOrder(t.app, member);
    expect((await accept((await invite(owner, member.email)).token, member)).statusCode).toBe(200);
    const orgOrderId = await orgOrder(member, organisationId);
    const before = await order(orgOrderId);

    const deleted = await deleteAccount(member);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = await order(orgOrderId);
    expect(kept).toMatchObject({ userId: owner.id, organisationId, content: before.content, title: before.title, contactEmail: owner.email, contactName: 'Olive Owner' });
    expect((await order(ownOrderId)).content).toBe('');
    expect((await get(owner))!.members.map((m) => m.userId)).toEqual([owner.id]);
  });

  it('the sole owner of an organisation with other members must hand over first (409, nothing erased)', async () => {
    const { owner, member, organisationId } = await withMember();
    const orderId = await orgOrder(owner, organisationId);
    const refused = await deleteAccount(owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ORGANISATION_MESSAGES.lastOwnerDelete);
    expect((await t.request('GET', '/api/auth/user', owner)).json()).toMatchObject({ email: owner.email });
    expect((await order(orderId)).content).not.toBe('');

    // Handed over: the owner's organisation orders pass to the new owner.
    expect((await setRole(owner, member.id, 'owner')).statusCode).toBe(200);
    expect((await deleteAccount(owner)).statusCode).toBe(200);
    expect(await order(orderId)).toMatchObject({ userId: member.id, organisationId });
    expect((await order(orderId)).content).not.toBe('');
    expect((await get(member))!.members.map((m) => [m.userId, m.role])).toEqual([[member.id, 'owner']]);
  });

  it('the last member deletes: today’s rule, the orders are erased and the organisation stays empty', async () => {
    const { owner, organisation } = await newOrganisation();
    const orderId = await orgOrder(owner, organisation.id);
    expect((await deleteAccount(owner)).statusCode).toBe(200);
    expect(await order(orderId)).toMatchObject({ userId: owner.id, organisationId: organisation.id, content: '' });
    expect(await t.app.db.select().from(organisationMembers).where(eq(organisationMembers.organisationId, organisation.id))).toEqual([]);
  });

  it('orders placed for an organisation the account has since left pass to that organisation too', async () => {
    const { owner, member, organisationId } = await withMember();
    const orderId = await orgOrder(member, organisationId);
    expect((await leave(member)).statusCode).toBe(204);
    expect((await deleteAccount(member)).statusCode).toBe(200);
    expect(await order(orderId)).toMatchObject({ userId: owner.id, organisationId });
    expect((await order(orderId)).content).not.toBe('');
  });
});

// ---------------------------------------------------------------------------------------------
// Issue 27's "Done when", through this feature's routes (the order rules are server/features/customer-orders')
// ---------------------------------------------------------------------------------------------
describe('done when', () => {
  it('two members of one organisation see each other’s orders; a member of another organisation gets 404', async () => {
    const { owner, member } = await withMember();
    const other = await withMember('Otto');
    const byOwner = await createPaidOrder(t.app, owner);
    const byMember = await createPaidOrder(t.app, member);
    for (const [who, id] of [
      [member, byOwner],
      [owner, byMember],
    ] as const) {
      const seen = await t.request('GET', `/api/submissions/${id}`, who);
      expect(seen.statusCode, seen.body).toBe(200);
    }
    for (const who of [other.owner, other.member]) {
      expect((await t.request('GET', `/api/submissions/${byOwner}`, who)).statusCode).toBe(404);
      expect((await t.request('GET', `/api/submissions/${byMember}`, who)).statusCode).toBe(404);
    }
    // After leaving, the member no longer sees the organisation's orders (their own included); the owner still does.
    expect((await leave(member)).statusCode).toBe(204);
    expect((await t.request('GET', `/api/submissions/${byMember}`, member)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/submissions/${byMember}`, owner)).statusCode).toBe(200);
  });
});
