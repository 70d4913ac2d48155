/**
 * /verify/:code as the server writes it for a visitor (decision 076): the certificate's details and links in the
 * HTML, every value escaped, a real 404, a private certificate's page that says no more than the JSON does, the
 * island's script and not the app's, and the app for a signed-in user.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_MESSAGES, type OwnCertificate } from '../../../shared/certificate.schema';
import { CERTIFICATE_PAGE_SLOT } from '../../../shared/certificate-page-markup';
import type { PrerenderedPage } from '../../../shared/seo';
import { certificates } from '../../db/schema';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';

const HOSTILE = '</script><script>alert(1)</script><img src=x onerror="alert(2)">';

/** A build in miniature: the app's shell, the island's manifest and the pre-rendered template with its slot. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'hp-verify-page-'));
  const client = path.join(dist, 'client');
  mkdirSync(path.join(client, '.vite'), { recursive: true });
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(
    path.join(client, 'index.html'),
    '<!doctype html><html lang="en"><head><title>HumanProof</title><meta name="description" content="x" />' +
      '<script type="module" crossorigin src="/assets/index-app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(client, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-app.js', isEntry: true } }));
  writeFileSync(
    path.join(client, '.vite', 'certificate-islands-manifest.json'),
    JSON.stringify({ 'features/certificates/certificate-islands.ts': { file: 'assets/certificate-islands-x.js', isEntry: true } }),
  );
  const template: PrerenderedPage = {
    path: '/verify/:code',
    route: '/verify/:code',
    title: 'Verify a human review certificate',
    ogType: 'website',
    html: `<header>Layout</header><main id="main">${CERTIFICATE_PAGE_SLOT}</main>`,
  };
  writeFileSync(path.join(dist, 'prerendered', 'pages.json'), JSON.stringify({ pages: [template] }));
  return dist;
}

let dist: string;
let t: TestApp;
let customer: SignedInUser;
let reviewer: SignedInUser;
beforeAll(async () => {
  dist = fakeBuild();
  t = await createTestApp({}, { clientDir: path.join(dist, 'client') });
  customer = await signUp(t.app);
  reviewer = await signUpReviewer(t.app, 'Rita');
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function completedOrder(): Promise<{ id: string; code: string }> {
  const id = await createPaidOrder(t.app, customer);
  const done = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'A reviewed text.', reviewerNotes: '', complete: true });
  expect(done.statusCode, done.body).toBe(200);
  const own = await t.request('GET', `/api/submissions/${id}/certificate`, customer);
  return { id, code: (own.json() as OwnCertificate).code };
}

describe('the certificate page for a visitor (decision 076)', () => {
  it('carries the details and links in its HTML, in the pre-rendered layout, with the island and not the app', async () => {
    const { id, code } = await completedOrder();
    const page = await t.request('GET', `/verify/${code.toLowerCase()}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/cookie/i);
    expect(page.headers['content-security-policy']).toMatch(/script-src/);
    expect(page.body).toContain('<header>Layout</header>');
    expect(page.body).not.toContain(CERTIFICATE_PAGE_SLOT);
    expect(page.body).toContain(`<h1 class="font-mono text-xl font-bold break-all">${code}</h1>`);
    expect(page.body).toContain('Rita');
    expect(page.body).toContain(id);
    for (const link of [`/verify/${code}/certificate.pdf`, `/verify/${code}/badge.svg`, `/api/v1/certificates/${code}`, `/api/v1/certificates/${code}/credential`]) {
      expect(page.body).toContain(`href="${link}"`);
    }
    expect(page.body).toContain(`<link rel="canonical" href="${t.app.config.PUBLIC_URL}/verify/${code}">`);
    // A public, valid certificate may be in search engines (decision 083).
    expect(page.body).not.toContain('name="robots"');
    // Only the island's script, started after the first paint; never the app's.
    expect(page.body).toContain('data-src="/assets/certificate-islands-x.js"');
    expect(page.body).not.toContain('index-app.js');
    expect(page.body).not.toContain('data-for=');
  });

  it('escapes what the certificate holds: a hostile reviewer name and issuer stay text, in the HTML and in the island’s JSON', async () => {
    const { code } = await completedOrder();
    const [row] = await t.app.db.select().from(certificates).where(eq(certificates.code, code));
    await t.app.db
      .update(certificates)
      .set({ body: { ...(row!.body as Record<string, unknown>), reviewer: HOSTILE, issuer: `"><svg onload=alert(3)>` } })
      .where(eq(certificates.code, code));
    const page = await t.request('GET', `/verify/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<svg onload');
    expect(page.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    // The data the island checks: one JSON element, whose text no `<` can close.
    const data = [...page.body.matchAll(/<script type="application\/json" id="certificate-data">([^<]*)<\/script>/g)];
    expect(data).toHaveLength(1);
    expect((JSON.parse(data[0]![1]!) as { certificate: { reviewer: string } }).certificate.reviewer).toBe(HOSTILE);
  });

  it('an unknown code is a 404 page saying so; a private certificate says only that it exists, to anybody signed out', async () => {
    const missing = await t.request('GET', '/verify/HP-0000-0000-0000-0000');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Certificate not found');
    expect(missing.body).toContain(CERTIFICATE_MESSAGES.notFound);
    expect(missing.body).not.toContain('certificate-data');
    expect(missing.body).toContain('<meta name="robots" content="noindex">');

    const { id, code } = await completedOrder();
    expect((await t.request('PATCH', `/api/submissions/${id}/certificate`, customer, { isPrivate: true })).statusCode).toBe(200);
    const page = await t.request('GET', `/verify/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(CERTIFICATE_MESSAGES.privateNotice);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    const [row] = await t.app.db.select().from(certificates).where(eq(certificates.code, code));
    const body = row!.body as { orderId: string; reviewer: string; textSha256: string };
    for (const secret of [row!.signature, body.orderId, body.reviewer, body.textSha256]) expect(page.body).not.toContain(secret);
    expect(page.body).not.toContain('certificate-data');
  });

  it('keeps a revoked certificate out of search engines (decision 083)', async () => {
    const { code } = await completedOrder();
    await t.app.db.update(certificates).set({ revokedAt: new Date(), revokedReason: 'refunded' }).where(eq(certificates.code, code));
    const page = await t.request('GET', `/verify/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
  });

  it('a signed-in user gets the app’s page, as before', async () => {
    const { code } = await completedOrder();
    const page = await t.request('GET', `/verify/${code}`, customer);
    expect(page.statusCode).toBe(200);
    expect(page.headers.vary).toMatch(/cookie/i);
    expect(page.body).toContain('index-app.js');
    expect(page.body).not.toContain('Rita');
    expect(page.body).not.toContain('certificate-islands');
  });


});
