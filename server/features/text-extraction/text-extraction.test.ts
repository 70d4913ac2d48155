import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { MAX_CONTENT_CHARACTERS } from '../../../shared/submission.schema';
import { EXTRACTION_MESSAGES } from '../../../shared/text-extraction';
import { createTestApp, signUp, type TestApp } from '../../test-support/test-app';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function upload(body: Buffer | string, fileName: string | null, contentType = 'application/octet-stream') {
  return t.app.inject({
    method: 'POST',
    url: '/api/extract-text',
    headers: {
      'content-type': contentType,
      ...(fileName === null ? {} : { 'x-file-name': encodeURIComponent(fileName) }),
    },
    payload: body,
  });
}

async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const doc = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return Packer.toBuffer(doc);
}

describe('POST /api/extract-text', () => {
  it('reads a plain-text file as UTF-8, for visitors too', async () => {
    const response = await upload(Buffer.from('\uFEFFCafé au lait,\r\nplease — thank you.\n', 'utf8'), 'notes.txt', 'text/plain');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ text: 'Café au lait,\nplease — thank you.', fileName: 'notes.txt', wordCount: 7 });
  });

  it('extracts the text of a real Word document, not its bytes', async () => {
    const docx = await makeDocx(['Quarterly report', 'Revenue grew by twelve percent in Leeds.']);
    const response = await upload(docx, 'Résumé final.docx', DOCX_MIME);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.fileName).toBe('Résumé final.docx');
    expect(body.text).toBe('Quarterly report\n\nRevenue grew by twelve percent in Leeds.');
    expect(body.wordCount).toBe(9);
    expect(body.text).not.toContain('PK');
  });

  it('extracts the text of a real PDF', async () => {
    const response = await upload(fixture('sample.pdf'), 'sample.pdf', 'application/pdf');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.text).toBe(
      'Quarterly results\nOur revenue grew by twelve percent in the second quarter.\nCustomers in Leeds and Bristol led the growth.',
    );
    expect(body.wordCount).toBe(20);
    expect(body.fileName).toBe('sample.pdf');
  });

  it('takes the type from the content type when the name has no extension', async () => {
    const response = await upload(fixture('sample.pdf'), null, 'application/pdf');
    expect(response.statusCode).toBe(200);
    expect(response.json().wordCount).toBe(20);
  });

  it('refuses other file types, and files whose bytes are not what their name says', async () => {
    const cases: [Buffer, string | null, string?][] = [
      [Buffer.from('MZ\x90\x00binary'), 'setup.exe'],
      [Buffer.from('hello'), 'notes.rtf'],
      [Buffer.from('hello'), null],
      [Buffer.from('just some text, not a pdf'), 'report.pdf', 'application/pdf'],
      [Buffer.from('just some text, not a docx'), 'report.docx'],
      [Buffer.from([0x00, 0x01, 0x02, 0x00, 0x41]), 'binary.txt', 'text/plain'],
    ];
    for (const [body, name, type] of cases) {
      const response = await upload(body, name, type);
      expect(response.statusCode, String(name)).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Unsupported file type. Please upload a .txt, .docx or .pdf file.' });
    }
  });

  it('answers 422 for corrupt or empty files', async () => {
    const docx = await makeDocx(['Some words here']);
    const cases: [Buffer, string][] = [
      [Buffer.from('%PDF-1.7\nthis is not really a pdf\n%%EOF'), 'broken.pdf'],
      [fixture('blank.pdf'), 'blank.pdf'],
      [docx.subarray(0, 200), 'truncated.docx'],
      [await makeDocx(['']), 'empty.docx'],
      [Buffer.from('   \n\t  '), 'blank.txt'],
      [Buffer.alloc(0), 'nothing.txt'],
    ];
    for (const [body, name] of cases) {
      const response = await upload(body, name);
      expect(response.statusCode, name).toBe(422);
      expect(response.json()).toMatchObject({ message: 'We could not read any text from this file.' });
    }
  });

  it('takes 10 MB, refuses anything larger with 413, and more text than an order takes with 422', async () => {
    const limit = 10 * 1024 * 1024;
    const atLimit = await upload(Buffer.alloc(limit, 'a'), 'big.txt', 'text/plain');
    expect(atLimit.statusCode).toBe(422);
    expect(atLimit.json()).toMatchObject({ message: EXTRACTION_MESSAGES.tooMuchText });
    const over = await upload(Buffer.alloc(limit + 1, 'a'), 'huge.txt', 'text/plain');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ message: 'File is too large. The limit is 10 MB.' });
    const fullOrder = 'abcdefghijklmnopqrs '.repeat(MAX_CONTENT_CHARACTERS / 20).trim();
    const atCap = await upload(Buffer.from(fullOrder), 'full.txt', 'text/plain');
    expect(atCap.statusCode).toBe(200);
    expect(atCap.json().wordCount).toBe(2000);
  });

  it('reads every content type as bytes here and leaves JSON parsing alone elsewhere', async () => {
    const asJson = await upload(Buffer.from('{"not": "parsed"}'), 'data.txt', 'application/json');
    expect(asJson.statusCode).toBe(200);
    expect(asJson.json().text).toBe('{"not": "parsed"}');
    const user = await signUp(t.app);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      payload: '{"content": "hi", "submissionId": ',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ message: 'Malformed JSON body' });
  });
});

describe('throttling', () => {
  it('limits extractions per client address with 429 and Retry-After', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/extract-text',
        remoteAddress: '10.77.0.1',
        headers: { 'content-type': 'text/plain', 'x-file-name': 'a.txt' },
        // Refused before any extraction (not text), so the test measures the throttle alone.
        payload: Buffer.from([0x00, 0x01, 0x02]),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await send()).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
