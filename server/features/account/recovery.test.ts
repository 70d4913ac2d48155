import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '../../../shared/account.schema';
import { users, verifications } from '../../db/schema';
import { smtpWorker } from '../../test-support/mail';
import { SmtpSink } from '../../test-support/smtp-sink';
import { createTestApp, cookieHeader, signUp, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../test-support/test-app';
import { ENUMERATION_SAFE_DURATION_MS } from '../auth/identity-endpoints';
import { freshIp, latestResetToken, latestVerificationPath, mailsTo, median, signIn } from '../../test-support/accounts';

const PUBLIC_URL = 'http://localhost:5000';
const NEW_PASSWORD = 'a-brand-new-passphrase';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(async () => t?.close());

function requestReset(email: string, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/identity/request-password-reset',
    remoteAddress: ip,
    payload: { email },
  });
}

function resetPassword(token: string, newPassword = NEW_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/identity/reset-password',
    remoteAddress: freshIp(),
    payload: { token, newPassword },
  });
}

function currentUser(cookie: string) {
  return t.app.inject({ url: '/api/auth/user', headers: { cookie } });
}

describe('forgot password', () => {
  it('e-mails a link; the new password signs in, the old one does not, and every other session ends', async () => {
    const user = await signUp(t.app);
    const laptop = cookieHeader(await signIn(t.app, user.email));
    expect((await currentUser(laptop)).statusCode).toBe(200);

    const asked = await requestReset(user.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    const token = await latestResetToken(t.app.db, user.email);

    const reset = await resetPassword(token);
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await currentUser(user.cookie)).statusCode).toBe(401);
    expect((await currentUser(laptop)).statusCode).toBe(401);
  });

  it('the link works once', async () => {
    const user = await signUp(t.app);
    await requestReset(user.email);
    const token = await latestResetToken(t.app.db, user.email);
    expect((await resetPassword(token)).statusCode).toBe(200);
    const replay = await resetPassword(token, 'yet-another-passphrase');
    expect(replay.statusCode).toBe(400);
    expect((await signIn(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('the link expires after 1 hour', async () => {
    const user = await signUp(t.app);
    await requestReset(user.email);
    const token = await latestResetToken(t.app.db, user.email);
    const [row] = await t.app.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    // Issued with a 1-hour life (a few seconds of slack for the test's own run time).
    const life = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(life - 3_600_000)).toBeLessThan(5_000);
    // One hour later:
    await t.app.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect((await resetPassword(token)).statusCode).toBe(400);
    expect((await signIn(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a new password that sign-up would refuse, and a made-up token', async () => {
    const user = await signUp(t.app);
    await requestReset(user.email);
    const token = await latestResetToken(t.app.db, user.email);
    expect((await resetPassword(token, 'short')).statusCode).toBe(400);
    expect((await resetPassword(token, 'x'.repeat(129))).statusCode).toBe(400);
    expect((await resetPassword('not-a-token')).statusCode).toBe(400);
    expect((await resetPassword(`${token}\u0000`)).statusCode).toBe(400);
    // The refused attempts did not use the link up.
    expect((await resetPassword(token)).statusCode).toBe(200);
  });

  it('answers the same words whether or not the address has an account, and mails only real accounts', async () => {
    const user = await signUp(t.app);
    const nobody = uniqueEmail('nobody');
    const known = await requestReset(user.email);
    const unknown = await requestReset(nobody);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(await mailsTo(t.app.db, nobody)).toHaveLength(0);
    expect(await mailsTo(t.app.db, user.email, 'password-reset')).toHaveLength(1);
  });

  it('takes the same time whether or not the address has an account (medians within 40 ms)', async () => {
    const user = await signUp(t.app);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      for (const [email, into] of [
        [user.email, known],
        [uniqueEmail('nobody'), unknown],
      ] as const) {
        const start = performance.now();
        const response = await requestReset(email);
        into.push(performance.now() - start);
        expect(response.statusCode).toBe(200);
      }
    }
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(40);
    // Both wait for the floor, which is what hides the extra work for a real account.
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(ENUMERATION_SAFE_DURATION_MS - 5);
  });
});

describe('e-mail verification', () => {
  it('sign-up queues a verification e-mail; its link verifies the address and lands on /email-verified', async () => {
    const user = await signUp(t.app);
    const security = await t.app.inject({ url: '/api/account/security', headers: { cookie: user.cookie } });
    expect(security.json()).toMatchObject({ email: user.email, emailVerified: false, hasPassword: true });

    const link = await latestVerificationPath(t.app.db, user.email, PUBLIC_URL);
    // Works signed out (another device).
    const verified = await t.app.inject({ url: link });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/email-verified');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerified).toBe(true);
  });

  it('a tampered link does not verify and comes back with an error', async () => {
    const user = await signUp(t.app);
    const link = await latestVerificationPath(t.app.db, user.email, PUBLIC_URL);
    const tampered = link.replace(/token=([^&]+)/, (_m, token: string) => `token=${token.slice(0, -2)}xx`);
    const response = await t.app.inject({ url: tampered });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/email-verified\?error=/);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerified).toBe(false);
  });

  it('"Resend" sends a new link to the signed-in account only', async () => {
    const user = await signUp(t.app);
    const resend = (cookie: string | undefined, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/identity/send-verification-email',
        remoteAddress: freshIp(),
        headers: cookie ? { cookie, origin: PUBLIC_URL } : { origin: PUBLIC_URL },
        payload: { email },
      });
    expect((await resend(user.cookie, user.email)).statusCode).toBe(200);
    expect(await mailsTo(t.app.db, user.email, 'verify-email')).toHaveLength(2);
    // Signed out, or for another address: refused, nothing sent.
    expect((await resend(undefined, user.email)).statusCode).toBe(401);
    const other = uniqueEmail('other');
    expect((await resend(user.cookie, other)).statusCode).toBe(400);
    expect(await mailsTo(t.app.db, other)).toHaveLength(0);
  });
});

describe('change e-mail', () => {
  function changeEmail(cookie: string | undefined, newEmail: string, password: string | null = TEST_PASSWORD) {
    return t.app.inject({
      method: 'POST',
      url: '/api/identity/change-email',
      remoteAddress: freshIp(),
      headers: cookie ? { cookie, origin: PUBLIC_URL } : { origin: PUBLIC_URL },
      payload: { newEmail, password, callbackURL: '/email-verified?changed=1' },
    });
  }

  it('needs the current password: a session alone cannot move the account to another address', async () => {
    const user = await signUp(t.app);
    const thief = uniqueEmail('thief');
    for (const password of [null, 'wrong-password-guess', 'x'.repeat(500)]) {
      const response = await changeEmail(user.cookie, thief, password);
      expect(response.statusCode).toBe(400);
    }
    expect(await mailsTo(t.app.db, thief)).toHaveLength(0);
  });

  it('changes the address only when the link sent to the new address is opened, and marks it verified', async () => {
    const user = await signUp(t.app);
    const next = uniqueEmail('next');
    expect((await changeEmail(user.cookie, next)).statusCode).toBe(200);
    // Nothing changed yet; the link went to the new address only.
    let [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    expect(await mailsTo(t.app.db, user.email, 'change-email')).toHaveLength(0);
    const [mail] = await mailsTo(t.app.db, next, 'change-email');
    expect(mail?.subject).toBe('Confirm your new e-mail address for HumanProof');
    const link = mail!.textBody.match(/(\S*\/api\/identity\/verify-email\?\S+)/)![1]!.slice(PUBLIC_URL.length);

    const opened = await t.app.inject({ url: link });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/email-verified?changed=1');
    [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: next, emailVerified: true });
    expect((await signIn(t.app, next)).statusCode).toBe(200);
    expect((await signIn(t.app, user.email)).statusCode).toBe(401);
    // The same link does nothing a second time.
    const replay = await t.app.inject({ url: link });
    expect(replay.headers.location).toMatch(/error=/);
  });

  it('answers the same for an address that has an account, sends nothing and changes nothing', async () => {
    const user = await signUp(t.app);
    const taken = await signUp(t.app);
    const response = await changeEmail(user.cookie, taken.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual((await changeEmail(user.cookie, uniqueEmail('free'))).json());
    expect(await mailsTo(t.app.db, taken.email, 'change-email')).toHaveLength(0);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('refuses the signed out', async () => {
    expect((await changeEmail(undefined, uniqueEmail())).statusCode).toBe(401);
  });
});

describe('sign-up with an address that has an account', () => {
  it('answers neutrally without signing in, and tells the owner by e-mail', async () => {
    const owner = await signUp(t.app, { firstName: 'Olive' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      remoteAddress: freshIp(),
      payload: {
        email: ` ${owner.email.toUpperCase()}`.trim(),
        password: 'attackers-password-1',
        name: 'Mal Lory',
        firstName: 'Mal',
        lastName: 'Lory',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: null, user: null });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).not.toMatch(/exist/i);
    const [notice] = await mailsTo(t.app.db, owner.email, 'sign-up-attempt');
    expect(notice?.subject).toMatch(/tried to create/);
    expect(notice?.textBody).toContain('Hello Olive,');
    // The owner's password and sessions are untouched.
    expect((await signIn(t.app, owner.email)).statusCode).toBe(200);
    expect((await signIn(t.app, owner.email, 'attackers-password-1')).statusCode).toBe(401);
    expect((await currentUser(owner.cookie)).statusCode).toBe(200);
  });

  it('refuses bad input for a taken address exactly as for a new one', async () => {
    const owner = await signUp(t.app);
    for (const email of [owner.email, uniqueEmail()]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-up/email',
        remoteAddress: freshIp(),
        payload: { email, password: TEST_PASSWORD, name: 'x', firstName: 'x'.repeat(51), lastName: 'Ok' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^First name:/);
    }
    expect(await mailsTo(t.app.db, owner.email, 'sign-up-attempt')).toHaveLength(0);
  });
});

describe('account e-mails through a real SMTP server', () => {
  it('delivers the reset, verification and sign-up-attempt e-mails with working links', async () => {
    const sink = new SmtpSink();
    await sink.start();
    try {
      const user = await signUp(t.app, { firstName: 'Sam' });
      await requestReset(user.email);
      await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-up/email',
        remoteAddress: freshIp(),
        payload: { email: user.email, password: TEST_PASSWORD, name: 'A B', firstName: 'A', lastName: 'B' },
      });
      const { worker, transport } = smtpWorker(t.app.db, sink.url, t.config.DATA_DIR, { batchSize: 1000 });
      await worker.runOnce();
      transport.close();
      const received = sink.to(user.email);
      const subjects = received.map((m) => m.parsed.subject).sort();
      expect(subjects).toEqual([
        'Confirm your e-mail address for HumanProof',
        'Reset your HumanProof password',
        'Someone tried to create a HumanProof account with your e-mail address',
      ]);
      const reset = received.find((m) => m.parsed.subject?.startsWith('Reset'))!;
      const link = reset.parsed.text?.match(/http:\/\/localhost:5000\/reset-password#token=(\S+)/);
      expect(link).not.toBeNull();
      expect(reset.parsed.html).toContain('/reset-password#token=');
      expect((await resetPassword(decodeURIComponent(link![1]!))).statusCode).toBe(200);
      expect(reset.parsed.text).toContain('expires in 1 hour');
    } finally {
      await sink.stop();
    }
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => limited?.close());

  it('throttles reset requests per client address and per target address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) {
      const ok = await limited.app.inject({
        method: 'POST',
        url: '/api/identity/request-password-reset',
        remoteAddress: ip,
        payload: { email: uniqueEmail() },
      });
      expect(ok.statusCode).toBe(200);
    }
    const fourth = await limited.app.inject({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      remoteAddress: ip,
      payload: { email: uniqueEmail() },
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toMatch(/^\d+$/);

    // One address from many clients.
    const target = uniqueEmail('target');
    const answers: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/identity/request-password-reset',
        remoteAddress: freshIp(),
        payload: { email: i % 2 ? target.toUpperCase() : target },
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('throttles verification resends and password changes per client address', async () => {
    const user = await signUp(limited.app);
    const ip = freshIp();
    const resend = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/identity/send-verification-email',
        remoteAddress: ip,
        headers: { cookie: user.cookie, origin: PUBLIC_URL },
        payload: { email: user.email },
      });
    const resends = [];
    for (let i = 0; i < 4; i += 1) resends.push((await resend()).statusCode);
    expect(resends).toEqual([200, 200, 200, 429]);

    const change = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/identity/change-password',
        remoteAddress: ip,
        headers: { cookie: user.cookie, origin: PUBLIC_URL },
        payload: { currentPassword: 'wrong-password-guess', newPassword: NEW_PASSWORD },
      });
    const changes = [];
    for (let i = 0; i < 4; i += 1) changes.push((await change()).statusCode);
    expect(changes).toEqual([400, 400, 400, 429]);
  });

  it('a percent-encoded path counts against the same bucket', async () => {
    const ip = freshIp();
    const codes = [];
    for (const url of [
      '/api/identity/request-password-reset',
      '/api/identity/request-password-rese%74',
      '/api/identity/request-password-reset',
      '/api/identity/request-password-rese%74',
    ]) {
      const response = await limited.app.inject({ method: 'POST', url, remoteAddress: ip, payload: { email: uniqueEmail() } });
      codes.push(response.statusCode);
    }
    expect(codes[3]).not.toBe(200);
  });
});

describe('enumeration message', () => {
  it('is the one the spec names', () => {
    expect(ACCOUNT_MESSAGES.signUpNeutral).toBe(
      "We couldn't create an account with these details. If you have one, sign in or reset your password.",
    );
  });
});

