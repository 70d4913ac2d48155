import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmissionSchema, MAX_CONTENT_CHARACTERS, MAX_NOTE_CHARACTERS, MAX_SHORT_FIELD_CHARACTERS, MAX_TONE_CHARACTERS } from '../../shared/submission.schema';
import { countWords } from '../../shared/word-count';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { MAX_REQUEST_HEADER_BYTES } from './http-limits';

const SHELL = '<!doctype html><html><head><title>HumanProof</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let clientDir: string;
let port: number;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'hp-shell-'));
  writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  t = await createTestApp({}, { clientDir });
  // Over a real socket: inject() skips Node's HTTP parser and so its header limit.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function get(pathAndQuery: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathAndQuery, headers: { accept: 'text/html' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
  });
}

/** `length` UTF-16 units of a character that percent-encodes to 9 bytes, broken into short words. */
const cjk = (length: number) => Array.from({ length }, (_, i) => (i % 14 === 13 ? ' ' : '中')).join('');

describe('prefill links', () => {
  it('opens /check-now with a real 3,000-word text in the link (431 before)', async () => {
    const words = ['Quarterly', 'revenue', 'grew', 'by', 'twelve', 'percent', 'in', 'Leeds', 'and', 'Bristol.'];
    const content = Array.from({ length: 3000 }, (_, i) => words[i % words.length]).join(' ');
    expect(countWords(content)).toBe(3000);
    const query = new URLSearchParams({ content, serviceTier: 'polished' }).toString();
    expect(query.length).toBeGreaterThan(16 * 1024);
    const response = await get(`/check-now?${query}`);
    expect(response.status).toBe(200);
    expect(response.body).toContain(`<div id="root"></div>`);
  });

  it('opens the longest link the form can take: every field at its limit, every character encoded to 9 bytes', async () => {
    const fields = {
      content: cjk(MAX_CONTENT_CHARACTERS),
      tone: cjk(MAX_TONE_CHARACTERS),
      targetAudience: cjk(MAX_SHORT_FIELD_CHARACTERS),
      instructions: cjk(MAX_NOTE_CHARACTERS),
      additionalNotes: cjk(MAX_NOTE_CHARACTERS),
      contactName: cjk(MAX_SHORT_FIELD_CHARACTERS),
      contactEmail: `${'a'.repeat(240)}@example.com`,
      contactPhone: '中'.repeat(50),
      contactWebsite: `https://example.com/${'中'.repeat(480)}`,
      serviceTier: 'fact-checked',
      category: 'blog-post',
      englishVariant: 'american',
      fastTurnaround: 'true',
    };
    // The form would take this content (it is within every limit), so a link must be able to carry it.
    const schema = buildSubmissionSchema();
    expect(schema.shape.content.safeParse(fields.content).success).toBe(true);
    const query = new URLSearchParams(fields).toString();
    expect(query.length).toBeGreaterThan(420_000);
    expect(query.length).toBeLessThan(MAX_REQUEST_HEADER_BYTES);
    const response = await get(`/check-now?${query}`);
    expect(response.status).toBe(200);
    expect(response.body).toContain(`<div id="root"></div>`);
  });

  it('still refuses a request line beyond the limit with 431', async () => {
    const response = await get(`/check-now?content=${'a'.repeat(MAX_REQUEST_HEADER_BYTES)}`).catch(() => ({ status: 431, body: '' }));
    expect(response.status).toBe(431);
  });
});
