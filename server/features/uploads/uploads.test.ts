import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { MAX_REVIEW_DOCUMENT_BYTES, MAX_REVIEW_DOCUMENTS, REVIEW_MESSAGES } from '../../../shared/review.schema';
import { reviewDocuments } from '../../db/schema';
import { resolveSessionSecret } from '../../env';
import { LocalDiskStorage } from '../../storage';
import { signUpload, uploadSigningKey } from '../../storage/signing';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { claimForReview, createPaidOrder } from '../../test-support/orders';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

interface Reserved {
  uploadURL: string;
  documentId: string;
  url: string;
  driver: string;
}

function localPath(t: TestApp, uploadURL: string): string {
  return uploadURL.replace(t.config.PUBLIC_URL, '');
}

/** Delivers the review in upload mode, after which the customer may download its documents. */
async function completeWithDocuments(t: TestApp, admin: SignedInUser, id: string, documentUrls: string[]) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/submissions/${id}/review`,
    headers: { cookie: admin.cookie },
    payload: { version: await claimForReview(t.app, admin, id), id, reviewedContent: 'See the attached review.', reviewerNotes: '', complete: true, attachmentMode: 'upload', documentLink: '', uploadedDocuments: documentUrls },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function reserve(t: TestApp, admin: SignedInUser, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: admin.cookie }, payload: body });
}

describe('local disk uploads', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let owner: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t.app);
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
  });
  afterAll(async () => t.close());

  it('issues a signed, short-lived address; the PUT stores the file and a download streams it back privately', async () => {
    const id = await createPaidOrder(t.app, owner);
    const response = await reserve(t, admin, { submissionId: id, fileName: 'Final review (v2).pdf', contentType: 'application/pdf', size: PDF.length });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Reserved & { expiresAt: string };
    expect(body.driver).toBe('local');
    const url = new URL(body.uploadURL);
    expect(url.origin).toBe(t.config.PUBLIC_URL);
    expect(url.pathname).toMatch(new RegExp(`^/api/objects/put/reviews/${id}/${body.documentId}\\.pdf$`));
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(14 * 60);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(15 * 60 + 1);

    const put = await t.app.inject({ method: 'PUT', url: localPath(t, body.uploadURL), payload: PDF, headers: { 'content-type': 'application/pdf' } });
    expect(put.statusCode, put.body).toBe(200);
    // One PUT per address.
    const again = await t.app.inject({ method: 'PUT', url: localPath(t, body.uploadURL), payload: PDF });
    expect(again.statusCode).toBe(409);
    const complete = await t.app.inject({ method: 'POST', url: '/api/objects/complete', headers: { cookie: admin.cookie }, payload: { documentId: body.documentId } });
    expect(complete.statusCode).toBe(200);

    // Before the review is delivered the document is the reviewer's work in progress: admins only.
    expect((await t.app.inject({ method: 'GET', url: body.url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: body.url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    await completeWithDocuments(t, admin, id, [body.url]);

    for (const who of [owner, admin]) {
      const download = await t.app.inject({ method: 'GET', url: body.url, headers: { cookie: who.cookie } });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PDF)).toBe(true);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Final review _v2_.pdf"; filename*=UTF-8''Final%20review%20(v2).pdf`,
      );
    }
    // Another customer learns nothing (404); a visitor is asked to sign in (401, the route is for customers).
    expect((await t.app.inject({ method: 'GET', url: body.url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: body.url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/documents/not-a-document', headers: { cookie: admin.cookie } })).statusCode).toBe(404);
  });

  /** Reserves and PUTs one PDF for the submission; answers the reservation and the file's path on disk. */
  async function uploadPdf(submissionId: string, fileName: string) {
    const r = (await reserve(t, admin, { submissionId, fileName, size: PDF.length })).json() as Reserved;
    const put = await t.app.inject({ method: 'PUT', url: localPath(t, r.uploadURL), payload: PDF });
    expect(put.statusCode, put.body).toBe(200);
    const [row] = await t.app.db.select().from(reviewDocuments).where(eq(reviewDocuments.id, r.documentId));
    const file = new LocalDiskStorage(t.config.DATA_DIR, t.config.PUBLIC_URL, uploadSigningKey(resolveSessionSecret(t.config))).resolve(row!.storageKey);
    expect(existsSync(file)).toBe(true);
    return { ...r, file };
  }

  async function saveReview(id: string, body: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/submissions/${id}/review`,
      headers: { cookie: admin.cookie },
      payload: { version: await claimForReview(t.app, admin, id), id, reviewedContent: 'The reviewed text.', reviewerNotes: '', documentLink: '', uploadedDocuments: [], ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  async function customerView(id: string) {
    return (await t.app.inject({ method: 'GET', url: `/api/submissions/${id}`, headers: { cookie: owner.cookie } })).json() as {
      documents: { id: string }[];
    };
  }

  for (const mode of ['text', 'link'] as const) {
    it(`deletes the uploads when the review is completed in ${mode} mode: gone from disk, 404, not listed`, async () => {
      const id = await createPaidOrder(t.app, owner);
      const doc = await uploadPdf(id, 'first try.pdf');
      await saveReview(id, { complete: false, attachmentMode: 'upload', uploadedDocuments: [doc.url] });
      await saveReview(id, { complete: true, attachmentMode: mode, documentLink: mode === 'link' ? 'https://docs.example.com/review' : '' });

      expect(existsSync(doc.file)).toBe(false);
      const [row] = await t.app.db.select().from(reviewDocuments).where(eq(reviewDocuments.id, doc.documentId));
      expect(row!.status).toBe('removed');
      for (const who of [owner, admin]) {
        const download = await t.app.inject({ method: 'GET', url: doc.url, headers: { cookie: who.cookie } });
        expect(download.statusCode).toBe(404);
        expect(download.json()).toMatchObject({ message: 'Document not found' });
      }
      expect((await customerView(id)).documents).toEqual([]);
    });
  }

  it('deletes the documents left off the saved list and keeps the listed ones', async () => {
    const id = await createPaidOrder(t.app, owner);
    const kept = await uploadPdf(id, 'final.pdf');
    const dropped = await uploadPdf(id, 'draft.pdf');
    await saveReview(id, { complete: true, attachmentMode: 'upload', uploadedDocuments: [kept.url] });

    expect(existsSync(kept.file)).toBe(true);
    expect(existsSync(dropped.file)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: kept.url, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: dropped.url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect((await customerView(id)).documents.map((d) => d.id)).toEqual([kept.documentId]);
  });

  it('does not let an upload still in flight land on a delivered review', async () => {
    const id = await createPaidOrder(t.app, owner);
    const r = (await reserve(t, admin, { submissionId: id, fileName: 'late.pdf', size: PDF.length })).json() as Reserved;
    await saveReview(id, { complete: true, attachmentMode: 'text' });
    const put = await t.app.inject({ method: 'PUT', url: localPath(t, r.uploadURL), payload: PDF });
    expect(put.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: r.url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it('accepts text and markdown only as valid UTF-8 without NUL bytes', async () => {
    const id = await createPaidOrder(t.app, owner);
    const cases: [string, Buffer, number][] = [
      ['notes.md', Buffer.from('# Review\n\nCafé ✓\n'), 200],
      ['notes.txt', Buffer.from([0x68, 0x69, 0x00, 0x21]), 415],
      ['notes.txt', Buffer.from([0x68, 0xc3, 0x28]), 415],
    ];
    for (const [fileName, bytes, status] of cases) {
      const r = (await reserve(t, admin, { submissionId: id, fileName })).json() as Reserved;
      const put = await t.app.inject({ method: 'PUT', url: localPath(t, r.uploadURL), payload: bytes, headers: { 'content-type': 'text/plain' } });
      expect(put.statusCode, fileName).toBe(status);
    }
  });

  it('refuses a non-document type, a content that does not match its type, and an empty file', async () => {
    const id = await createPaidOrder(t.app, owner);
    for (const fileName of ['evil.exe', 'photo.png', 'page.html', 'noext']) {
      const response = await reserve(t, admin, { submissionId: id, fileName });
      expect(response.statusCode, fileName).toBe(415);
      expect(response.json().message).toBe(REVIEW_MESSAGES.wrongType);
    }
    const r = (await reserve(t, admin, { submissionId: id, fileName: 'looks-like.pdf' })).json() as Reserved;
    const png = await t.app.inject({ method: 'PUT', url: localPath(t, r.uploadURL), payload: PNG });
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toBe(REVIEW_MESSAGES.contentMismatch);
    const empty = await t.app.inject({ method: 'PUT', url: localPath(t, r.uploadURL), payload: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const [row] = await t.app.db.select().from(reviewDocuments).where(eq(reviewDocuments.id, r.documentId));
    expect(row!.status).toBe('pending');
    // Magic bytes of each binary format are accepted.
    for (const [fileName, head] of [
      ['a.docx', Buffer.from([0x50, 0x4b, 0x03, 0x04])],
      ['a.doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
      ['a.rtf', Buffer.from('{\\rtf1\\ansi hello}')],
    ] as const) {
      const doc = (await reserve(t, admin, { submissionId: await createPaidOrder(t.app, owner), fileName })).json() as Reserved;
      const put = await t.app.inject({ method: 'PUT', url: localPath(t, doc.uploadURL), payload: Buffer.concat([head, Buffer.alloc(32, 1)]) });
      expect(put.statusCode, fileName).toBe(200);
    }
  });

  it('refuses a file over the limit, declared or streamed', async () => {
    const id = await createPaidOrder(t.app, owner);
    const declared = await reserve(t, admin, { submissionId: id, fileName: 'big.pdf', size: MAX_REVIEW_DOCUMENT_BYTES + 1 });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toBe(REVIEW_MESSAGES.tooLarge);

    const r = (await reserve(t, admin, { submissionId: id, fileName: 'big.pdf' })).json() as Reserved;
    const byHeader = await t.app.inject({
      method: 'PUT',
      url: localPath(t, r.uploadURL),
      payload: PDF,
      headers: { 'content-length': String(MAX_REVIEW_DOCUMENT_BYTES + 1) },
    });
    expect(byHeader.statusCode).toBe(413);

    // A body streamed without a length is cut off as soon as it passes the limit.
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const stream = new Readable({
      read() {
        if (sent === 0) {
          sent += PDF.length;
          this.push(PDF);
        } else if (sent <= MAX_REVIEW_DOCUMENT_BYTES) {
          sent += chunk.length;
          this.push(chunk);
        } else this.push(null);
      },
    });
    const streamed = await t.app.inject({ method: 'PUT', url: localPath(t, r.uploadURL), payload: stream });
    expect(streamed.statusCode).toBe(413);
    const [row] = await t.app.db.select().from(reviewDocuments).where(eq(reviewDocuments.id, r.documentId));
    expect(row!.status).toBe('pending');
  });

  it('refuses a sixth document for the same review', async () => {
    const id = await createPaidOrder(t.app, owner);
    for (let i = 0; i < MAX_REVIEW_DOCUMENTS; i += 1) {
      expect((await reserve(t, admin, { submissionId: id, fileName: `part-${i}.pdf` })).statusCode).toBe(200);
    }
    const sixth = await reserve(t, admin, { submissionId: id, fileName: 'part-6.pdf' });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(REVIEW_MESSAGES.tooManyDocuments);
    expect((await reserve(t, admin, { submissionId: 'NOPE000000', fileName: 'x.pdf' })).statusCode).toBe(404);
    expect((await reserve(t, admin, { fileName: 'x.pdf' })).statusCode).toBe(400);
  });

  it('refuses a bad signature, an expired address and a key that would leave the storage folder', async () => {
    const id = await createPaidOrder(t.app, owner);
    const r = (await reserve(t, admin, { submissionId: id, fileName: 'a.pdf' })).json() as Reserved;
    const url = new URL(r.uploadURL);
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${url.searchParams.get('signature')!.slice(0, -2)}AA`);
    const bad = await t.app.inject({ method: 'PUT', url: `${tampered.pathname}${tampered.search}`, payload: PDF });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().message).toBe('Invalid upload signature');
    // A later expiry with the old signature is refused too.
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await t.app.inject({ method: 'PUT', url: `${later.pathname}${later.search}`, payload: PDF })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: url.pathname, payload: PDF })).statusCode).toBe(403);

    const signingKey = uploadSigningKey(resolveSessionSecret(t.config));
    const key = url.pathname.replace('/api/objects/put/', '');
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await t.app.inject({
      method: 'PUT',
      url: `/api/objects/put/${key}?expires=${past}&signature=${signUpload(signingKey, key, past)}`,
      payload: PDF,
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This upload address has expired');

    // Correctly signed but escaping keys (as a forger with the key would make them) are still refused.
    const future = Math.floor(Date.now() / 1000) + 600;
    for (const escape of ['../../escape.pdf', 'reviews/../../../escape.pdf', `reviews/${id}/..%2F..%2F..%2Fescape.pdf`, '/etc/passwd']) {
      const decoded = decodeURIComponent(escape);
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/objects/put/${escape}?expires=${future}&signature=${signUpload(signingKey, decoded, future)}`,
        payload: PDF,
      });
      expect([400, 404], escape).toContain(response.statusCode);
      expect(response.statusCode, escape).not.toBe(200);
    }
    const escaped = await t.app.inject({
      method: 'PUT',
      url: `/api/objects/put/reviews/${id}/..%2F..%2F..%2Fescape.pdf?expires=${future}&signature=${signUpload(signingKey, `reviews/${id}/../../../escape.pdf`, future)}`,
      payload: PDF,
    });
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json().message).toBe('Invalid storage key');
  });
});

describe('S3-compatible storage (s3rver)', () => {
  let t: TestApp;
  let server: S3rver;
  let dir: string;
  let admin: SignedInUser;
  let owner: SignedInUser;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hp-s3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'review-documents', configs: [] }],
      allowMismatchedSignatures: true,
    });
    const address = await server.run();
    t = await createTestApp({
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_BUCKET: 'review-documents',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    });
    admin = await signUpAdmin(t.app);
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads through a presigned PUT, confirms it, and downloads through the app only', async () => {
    const id = await createPaidOrder(t.app, owner);
    const r = (await reserve(t, admin, { submissionId: id, fileName: 'review.pdf', size: PDF.length })).json() as Reserved;
    expect(r.driver).toBe('s3');
    const presigned = new URL(r.uploadURL);
    expect(presigned.searchParams.get('X-Amz-Signature')).toBeTruthy();
    expect(presigned.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(presigned.pathname).toBe(`/review-documents/reviews/${id}/${r.documentId}.pdf`);
    expect(r.uploadURL).not.toContain('x-amz-checksum');

    // Before the PUT, nothing to confirm.
    const early = await t.app.inject({ method: 'POST', url: '/api/objects/complete', headers: { cookie: admin.cookie }, payload: { documentId: r.documentId } });
    expect(early.statusCode).toBe(409);

    const put = await fetch(r.uploadURL, { method: 'PUT', body: PDF });
    expect(put.status).toBe(200);
    // The local PUT route does not exist with S3.
    expect((await t.app.inject({ method: 'PUT', url: `/api/objects/put/reviews/${id}/x.pdf`, payload: PDF })).statusCode).toBe(404);

    const complete = await t.app.inject({ method: 'POST', url: '/api/objects/complete', headers: { cookie: admin.cookie }, payload: { documentId: r.documentId } });
    expect(complete.statusCode, complete.body).toBe(200);
    await completeWithDocuments(t, admin, id, [r.url]);
    const download = await t.app.inject({ method: 'GET', url: r.url, headers: { cookie: owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment; filename="review.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: r.url })).statusCode).toBe(401);
  });

  it('deletes and refuses an uploaded object whose content is not its type', async () => {
    const id = await createPaidOrder(t.app, owner);
    const r = (await reserve(t, admin, { submissionId: id, fileName: 'fake.pdf' })).json() as Reserved;
    expect((await fetch(r.uploadURL, { method: 'PUT', body: PNG })).status).toBe(200);
    const complete = await t.app.inject({ method: 'POST', url: '/api/objects/complete', headers: { cookie: admin.cookie }, payload: { documentId: r.documentId } });
    expect(complete.statusCode).toBe(415);
    const [row] = await t.app.db.select().from(reviewDocuments).where(eq(reviewDocuments.id, r.documentId));
    expect(row!.status).toBe('rejected');
    expect((await t.app.inject({ method: 'GET', url: r.url, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
  });
});
