/**
 * examples/verify-certificate.ts, in CI (issue 24, item 4): run as a customer would run it, in its own process,
 * against a listening app whose only part it calls is the published keys.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_KEYS_PATH, type OwnCertificate } from '../../../shared/certificate.schema';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpReviewer, type TestApp } from '../../test-support/test-app';

const run = promisify(execFile);
const SCRIPT = path.join(import.meta.dirname, '..', '..', '..', 'examples', 'verify-certificate.ts');
const TEXT = 'Reviewed by a person.\nEvery claim was checked.';

let t: TestApp;
let base: string;
let dir: string;
let code: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const customer = await signUp(t.app);
  const reviewer = await signUpReviewer(t.app);
  const id = await createPaidOrder(t.app, customer);
  const done = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: TEXT, reviewerNotes: '', complete: true });
  expect(done.statusCode, done.body).toBe(200);
  code = ((await t.request('GET', `/api/submissions/${id}/certificate`, customer)).json() as OwnCertificate).code;
  dir = await mkdtemp(path.join(tmpdir(), 'hp-verify-'));
});
afterAll(async () => {
  await t.close();
});

/** Runs the example; resolves with its exit code and output whatever the code. */
async function verify(certificate: unknown, text: string): Promise<{ code: number; out: string }> {
  const certificateFile = path.join(dir, `certificate-${Math.random().toString(36).slice(2)}.json`);
  const textFile = `${certificateFile}.txt`;
  await writeFile(certificateFile, JSON.stringify(certificate));
  await writeFile(textFile, text);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', SCRIPT, certificateFile, textFile, '--keys', `${base}${CERTIFICATE_KEYS_PATH}`]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe('examples/verify-certificate.ts (issue 24)', () => {
  it('verifies the signature and the text; a changed field or a changed character fails', async () => {
    const certificate = (await t.request('GET', `/api/v1/certificates/${code}`)).json() as { certificate: Record<string, unknown> };
    const good = await verify(certificate, `${TEXT.replace(/\n/g, '\r\n')}\n`);
    expect(good, good.out).toMatchObject({ code: 0 });
    expect(good.out).toContain('signature: verified');
    expect(good.out).toContain('text: matches the reviewed text');

    const changedText = await verify(certificate, TEXT.replace('Every', 'Evry'));
    expect(changedText.code).toBe(1);
    expect(changedText.out).toContain('does NOT match');

    const changedField = await verify({ ...certificate, certificate: { ...certificate.certificate, tier: 'rewritten' } }, TEXT);
    expect(changedField.code).toBe(1);
    expect(changedField.out).toContain('signature: NOT verified (bad-signature)');
  });
});
