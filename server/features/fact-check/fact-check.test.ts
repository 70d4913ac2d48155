import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHOR_NAME,
  FACT_CHECK_MESSAGES,
  MAX_SOURCES_PER_CLAIM,
  type Claim,
  type ClaimInput,
  type FactCheckReport,
} from '../../../shared/fact-check.schema';
import { emailOutbox } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { readZip } from '../../test-support/zip';
import { bearer, createKey } from '../../test-support/api';
import { claimForReview, createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { NUL_MESSAGE } from '../../plugins/input-hygiene';

const ORIGINAL =
  'The Eiffel Tower was completed in 1899 and stands in Paris.\nIt is the most beautiful tower in the world. Москва is 2,500 km away.';
const REVIEWED =
  'The Eiffel Tower was completed in 1889 and stands in Paris.\nIt is a much-loved tower. Москва is about 2,500 km away.\n\nA new closing line.';

let t: TestApp;
let admin: SignedInUser;
let customer: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app, { firstName: 'Casey', lastName: 'Customer' });
  stranger = await signUp(t.app);
});
afterAll(async () => t.close());


/** A claim quoting `passage` (its first occurrence) from the original. */
function quote(passage: string, rest: Partial<ClaimInput> = {}, content = ORIGINAL): ClaimInput {
  const passageStart = content.indexOf(passage);
  if (passageStart < 0) throw new Error(`not in the text: ${passage}`);
  return {
    passage,
    passageStart,
    passageEnd: passageStart + passage.length,
    verdict: 'supported',
    sources: ['https://en.wikipedia.org/wiki/Eiffel_Tower'],
    note: '',
    ...rest,
  };
}

async function addClaim(id: string, claim: ClaimInput): Promise<Claim> {
  const response = await t.request('POST', `/api/admin/submissions/${id}/claims`, admin, claim);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Claim;
}

function review(id: string, body: Record<string, unknown>) {
  return saveReviewAs(t.app, admin, id, {
    id,
    reviewerNotes: '',
    attachmentMode: 'text',
    reviewedContent: REVIEWED,
    complete: false,
    ...body,
  });
}

const order = (tier = 'polished') => createPaidOrder(t.app, customer, { content: ORIGINAL, serviceTier: tier });

describe('claims', () => {
  it('are for admins only: 401 anonymous, 403 customers, before the body is read', async () => {
    const id = await order();
    const urls: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string][] = [
      ['GET', `/api/admin/submissions/${id}/claims`],
      ['POST', `/api/admin/submissions/${id}/claims`],
      ['PATCH', `/api/admin/submissions/${id}/claims/anything`],
      ['DELETE', `/api/admin/submissions/${id}/claims/anything`],
    ];
    for (const [method, url] of urls) {
      expect((await t.request(method, url, undefined, quote('1899'))).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.request(method, url, customer, quote('1899'))).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.request(method, url, customer, { junk: true })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('are added, listed in reading order, edited and deleted', async () => {
    const id = await order();
    const second = await addClaim(id, quote('the most beautiful tower in the world', { verdict: 'opinion', sources: [] }));
    const first = await addClaim(
      id,
      quote('1899', { verdict: 'corrected', note: 'Completed in 1889.', sources: ['HTTPS://www.toureiffel.paris/en'] }),
    );
    expect(first.sources).toEqual(['https://www.toureiffel.paris/en']);
    const list = (await t.request('GET', `/api/admin/submissions/${id}/claims`, admin)).json() as Claim[];
    expect(list.map((c) => c.id)).toEqual([first.id, second.id]);

    const edited = await t.request('PATCH', `/api/admin/submissions/${id}/claims/${second.id}`, admin, quote('Москва is 2,500 km away', {
      verdict: 'unsupported',
      sources: [],
      note: 'No source gives this distance.',
    }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ verdict: 'unsupported', passage: 'Москва is 2,500 km away', note: 'No source gives this distance.' });

    expect((await t.request('DELETE', `/api/admin/submissions/${id}/claims/${first.id}`, admin)).statusCode).toBe(204);
    expect((await t.request('DELETE', `/api/admin/submissions/${id}/claims/${first.id}`, admin)).statusCode).toBe(404);
    const after = (await t.request('GET', `/api/admin/submissions/${id}/claims`, admin)).json() as Claim[];
    expect(after.map((c) => c.id)).toEqual([second.id]);

    // A claim id is only found through its own submission.
    const other = await order();
    expect((await t.request('PATCH', `/api/admin/submissions/${other}/claims/${second.id}`, admin, quote('1899'))).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/admin/submissions/${other}/claims/${second.id}`, admin)).statusCode).toBe(404);
    expect((await t.request('POST', '/api/admin/submissions/NOPE000000/claims', admin, quote('1899'))).statusCode).toBe(404);
  });

  it('refuse bad input with 400 and a message, never 500', async () => {
    const id = await order();
    const good = quote('1899');
    const emoji = 'Tower 👍🏽 here';
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, passageStart: good.passageStart + 1, passageEnd: good.passageEnd + 1 }, FACT_CHECK_MESSAGES.passageMismatch],
      [{ ...good, passage: '1889' }, FACT_CHECK_MESSAGES.passageMismatch],
      [{ ...good, passageStart: 100_000, passageEnd: 100_004 }, FACT_CHECK_MESSAGES.passageMismatch],
      [{ ...good, passageEnd: good.passageStart }, FACT_CHECK_MESSAGES.passageMismatch],
      [{ ...good, passage: '189\u0000', }, NUL_MESSAGE],
      [{ ...good, passage: '   ', passageEnd: good.passageStart + 3 }, FACT_CHECK_MESSAGES.passage],
      [{ ...good, verdict: 'true' }, FACT_CHECK_MESSAGES.verdict],
      [{ ...good, sources: ['javascript:alert(1)'] }, FACT_CHECK_MESSAGES.sourceUrl],
      [{ ...good, sources: ['ftp://example.com/file'] }, FACT_CHECK_MESSAGES.sourceUrl],
      [{ ...good, sources: ['//example.com'] }, FACT_CHECK_MESSAGES.sourceUrl],
      [{ ...good, sources: [] }, FACT_CHECK_MESSAGES.sourcesNeeded],
      [{ ...good, sources: Array.from({ length: MAX_SOURCES_PER_CLAIM + 1 }, (_, i) => `https://e.com/${i}`) }, FACT_CHECK_MESSAGES.tooManySources],
      [{ ...good, verdict: 'corrected', note: '  ' }, FACT_CHECK_MESSAGES.noteNeeded],
      [{ ...good, note: 'x'.repeat(5000) }, FACT_CHECK_MESSAGES.noteTooLong],
      [{ ...good, note: 'nul \u0000 byte' }, NUL_MESSAGE],
      [{ ...good, passageStart: -1 }, ''],
      [{ ...good, passageStart: '3' }, ''],
    ];
    for (const [body, message] of bad) {
      const response = await t.request('POST', `/api/admin/submissions/${id}/claims`, admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
    // Offsets inside an emoji's surrogate pair would quote half a character.
    const withEmoji = await createPaidOrder(t.app, customer, { content: `${emoji} and more words to review.` });
    const at = emoji.indexOf('👍');
    const half = await t.request('POST', `/api/admin/submissions/${withEmoji}/claims`, admin, {
      ...quote(emoji, {}, emoji),
      passage: emoji.slice(0, at + 1),
      passageEnd: at + 1,
    });
    expect(half.statusCode).toBe(400);
    expect((await t.request('GET', `/api/admin/submissions/${id}/claims`, admin)).json()).toEqual([]);
  });
});

describe('completing a review', () => {
  it('needs a claim or "No checkable claims" on the fact-checked tier, through either route', async () => {
    const id = await order('fact-checked');
    const refused = await review(id, { complete: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FACT_CHECK_MESSAGES.reportNeeded);
    await claimForReview(t.app, admin, id);
    const status = await t.request('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'completed' });
    expect(status.statusCode).toBe(409);
    expect((await t.request('GET', `/api/admin/submissions/${id}`, admin)).json().status).toBe('paid');

    const stated = await review(id, { complete: true, noCheckableClaims: true });
    expect(stated.statusCode, stated.body).toBe(200);
    expect(stated.json()).toMatchObject({ status: 'completed', noCheckableClaims: true });

    const withClaim = await order('fact-checked');
    await addClaim(withClaim, quote('1899', { verdict: 'corrected', note: 'It was 1889.' }));
    await claimForReview(t.app, admin, withClaim);
    expect((await t.request('PATCH', `/api/admin/submissions/${withClaim}/status`, admin, { status: 'completed' })).statusCode).toBe(200);
  });

  it('does not need a claim on the other tiers', async () => {
    for (const tier of ['polished', 'rewritten']) {
      const id = await order(tier);
      expect((await review(id, { complete: true })).statusCode).toBe(200);
    }
  });
});

describe('what the customer receives', () => {
  let id: string;
  let report: FactCheckReport;
  beforeAll(async () => {
    id = await order('fact-checked');
    await addClaim(id, quote('1899', { verdict: 'corrected', note: 'Completed in 1889.', sources: ['https://www.toureiffel.paris/en'] }));
    await addClaim(id, quote('the most beautiful tower in the world', { verdict: 'opinion', sources: [], note: 'A judgement.' }));
    await addClaim(id, quote('Москва is 2,500 km away', { verdict: 'unsupported', sources: [], note: 'No source found.' }));
  });

  it('nothing before the review is completed (404), and never another customer’s (404)', async () => {
    await review(id, { complete: false, reviewerNotes: 'Draft notes' });
    for (const suffix of ['fact-check', 'reviewed.txt', 'reviewed.docx', 'fact-check.pdf']) {
      const url = `/api/submissions/${id}/${suffix}`;
      expect((await t.request('GET', url)).statusCode, url).toBe(401);
      expect((await t.request('GET', url, customer)).statusCode, url).toBe(404);
      expect((await t.request('GET', url, stranger)).statusCode, url).toBe(404);
      expect((await t.request('GET', url, admin)).statusCode, url).toBe(200);
    }
    expect([400, 404]).toContain((await t.request('GET', '/api/submissions/%2e%2e%2fadmin/fact-check', customer)).statusCode);
    expect((await t.request('GET', `/api/submissions/${id}%00/fact-check`, customer)).statusCode).toBe(400);
    expect([400, 404]).toContain((await t.request('GET', `/api/admin/submissions/${id}/claims/x%00y`, admin)).statusCode);
    expect((await t.request('DELETE', `/api/admin/submissions/${id}/claims/x%00y`, admin)).statusCode).toBe(400);

    const completed = await review(id, { complete: true, reviewerNotes: 'Fixed the date.' });
    expect(completed.statusCode, completed.body).toBe(200);
    for (const suffix of ['fact-check', 'reviewed.txt', 'reviewed.docx', 'fact-check.pdf']) {
      expect((await t.request('GET', `/api/submissions/${id}/${suffix}`, stranger)).statusCode).toBe(404);
    }
    const response = await t.request('GET', `/api/submissions/${id}/fact-check`, customer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    report = response.json() as FactCheckReport;
    expect(report.counts).toEqual({ supported: 0, corrected: 1, unsupported: 1, opinion: 1 });
    expect(report.claims.map((c) => c.verdict)).toEqual(['corrected', 'opinion', 'unsupported']);
  });

  it('the clean text as {id}-reviewed.txt', async () => {
    const response = await t.request('GET', `/api/submissions/${id}/reviewed.txt`, customer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${id}-reviewed.txt"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(REVIEWED);
  });

  it('a Word file with real tracked changes that LibreOffice opens', async () => {
    const response = await t.request('GET', `/api/submissions/${id}/reviewed.docx`, customer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${id}-reviewed.docx"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const file = response.rawPayload;
    const xml = readZip(file).get('word/document.xml')!.toString('utf8');
    const insertions = [...xml.matchAll(/<w:ins\b[^>]*>[\s\S]*?<\/w:ins>/g)].map((m) => m[0]);
    const deletions = [...xml.matchAll(/<w:del\b[^>]*>[\s\S]*?<\/w:del>/g)].map((m) => m[0]);
    const textOf = (runs: string[], tag: string) =>
      runs.map((r) => [...r.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]).join('')).join('|');
    expect(textOf(insertions, 'w:t')).toContain('1889');
    expect(textOf(insertions, 'w:t')).toContain('about');
    expect(textOf(insertions, 'w:t')).toContain('A new closing line.');
    expect(textOf(deletions, 'w:delText')).toContain('1899');
    expect(textOf(deletions, 'w:delText')).toContain('most beautiful');
    for (const change of [...insertions, ...deletions]) expect(change).toContain(`w:author="${AUTHOR_NAME}"`);
    // The paragraphs the review added end in a tracked (inserted) paragraph mark.
    expect(xml).toMatch(/<w:pPr><w:rPr><w:ins [^>]*w:author="HumanProof review team"/);
    expect(readZip(file).get('word/settings.xml')!.toString('utf8')).toContain('<w:trackRevisions/>');

    const soffice = spawnSync('soffice', ['--version'], { encoding: 'utf8' });
    if (soffice.error) {
      // Only a developer machine without LibreOffice skips this; CI installs it (.ci/run) and must run it.
      expect(process.env.CI, 'LibreOffice (soffice) must be installed in CI').not.toBe('true');
      console.warn('soffice not found: skipping the LibreOffice conversion check');
      return;
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'hp-docx-'));
    try {
      writeFileSync(path.join(dir, 'reviewed.docx'), file);
      execFileSync(
        'soffice',
        [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'odt', '--outdir', dir, path.join(dir, 'reviewed.docx')],
        { stdio: 'pipe', timeout: 120_000 },
      );
      expect(readdirSync(dir)).toContain('reviewed.odt');
      const content = readZip(readFileSync(path.join(dir, 'reviewed.odt'))).get('content.xml')!.toString('utf8');
      // LibreOffice kept the changes as its own tracked changes, by the review team.
      expect(content).toContain('<text:tracked-changes');
      expect(content).toContain('<text:insertion>');
      expect(content).toContain('<text:deletion>');
      expect(content).toContain(AUTHOR_NAME);
      // The fact-check comments survive too (issue 45).
      expect(content).toContain('<office:annotation');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('a Word file with a comment at each claim (verdict, note, sources) and a header naming the order and its certificate (issue 45)', async () => {
    const file = (await t.request('GET', `/api/submissions/${id}/reviewed.docx`, customer)).rawPayload;
    const zip = readZip(file);
    const comments = zip.get('word/comments.xml')?.toString('utf8') ?? '';
    const commentTexts = [...comments.matchAll(/<w:comment\b[^>]*w:id="(\d+)"[^>]*>([\s\S]*?)<\/w:comment>/g)].map((m) => ({
      id: m[1]!,
      text: [...m[2]!.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('\n'),
    }));
    expect(commentTexts).toHaveLength(3);
    expect(commentTexts[0]!.text).toBe('Fact check: corrected\nCompleted in 1889.\nSource: https://www.toureiffel.paris/en');
    expect(commentTexts[1]!.text).toBe('Fact check: opinion — not checkable\nA judgement.');
    expect(commentTexts[2]!.text).toBe('Fact check: unsupported\nNo source found.');
    expect(comments).toContain(`w:author="${AUTHOR_NAME}"`);

    // Each comment spans its passage in the text: what lies between its range start and end is the quoted original.
    const xml = zip.get('word/document.xml')!.toString('utf8');
    const spanned = (commentId: string) => {
      const inner = xml.match(new RegExp(`<w:commentRangeStart w:id="${commentId}"/>([\\s\\S]*?)<w:commentRangeEnd w:id="${commentId}"/>`))?.[1] ?? '';
      // The original's text: equal and deleted runs, without what the review inserted inside the passage.
      const original = inner.replace(/<w:ins\b[\s\S]*?<\/w:ins>/g, '');
      return [...original.matchAll(/<w:(?:t|delText)[^>]*>([^<]*)<\/w:(?:t|delText)>/g)].map((m) => m[1]).join('');
    };
    expect(spanned('0')).toBe('1899');
    expect(spanned('1')).toBe('the most beautiful tower in the world');
    expect(spanned('2')).toBe('Москва is 2,500 km away');
    expect(xml.match(/<w:commentReference w:id="\d+"\/>/g)).toHaveLength(3);

    const headers = [...zip.entries()].filter(([name]) => /^word\/header\d*\.xml$/.test(name)).map(([, body]) => body.toString('utf8'));
    const certificate = (await t.request('GET', `/api/submissions/${id}/certificate`, customer)).json() as { code?: string };
    expect(headers.join('')).toContain(`Order ${id}`);
    expect(certificate.code).toMatch(/^HP-/);
    expect(headers.join('')).toContain(`Certificate ${certificate.code}`);
  });

  it('the public API serves the same Word file: its comments and header equal the dashboard’s (issue 46)', async () => {
    const key = await createKey(t.app, customer, ['orders:read']);
    const viaApi = await bearer(t.app, key.key, 'GET', `/api/v1/orders/${id}/reviewed.docx`);
    expect(viaApi.statusCode).toBe(200);
    const viaDashboard = readZip((await t.request('GET', `/api/submissions/${id}/reviewed.docx`, customer)).rawPayload);
    const api = readZip(viaApi.rawPayload);
    expect(api.get('word/comments.xml')?.toString('utf8')).toContain('Fact check: corrected');
    for (const part of ['word/comments.xml', 'word/document.xml']) {
      expect(api.get(part)?.toString('utf8'), part).toBe(viaDashboard.get(part)?.toString('utf8'));
    }
  });

  it('the report as a PDF whose text pdftotext reads', async () => {
    const response = await t.request('GET', `/api/submissions/${id}/fact-check.pdf`, customer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${id}-fact-check.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'hp-pdf-'));
    try {
      writeFileSync(path.join(dir, 'report.pdf'), response.rawPayload);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'report.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('Fact-check report');
      expect(text).toContain(`Order ${id}`);
      expect(text).toContain('Claims checked: 3');
      expect(text).toContain('supported: 0');
      expect(text).toContain('corrected: 1');
      expect(text).toContain('opinion — not checkable: 1');
      expect(text).toContain('Claim 1: corrected');
      expect(text).toContain('“1899”');
      expect(text).toContain('Note: Completed in 1889.');
      expect(text).toContain('https://www.toureiffel.paris/en');
      expect(text).toContain('“Москва is 2,500 km away”');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an e-mail that gives the words changed and the claims per verdict', async () => {
    const [row] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'review-completed'), eq(emailOutbox.dedupeKey, `review-completed:${id}:${customer.email.toLowerCase()}`)));
    expect(row, 'review-completed e-mail').toBeDefined();
    // 1899→1889 (1), "the most beautiful"→"a much-loved" (3), "in the world" gone (3), +about (1), +4 closing words.
    expect(row!.textBody).toContain('Words changed: 12');
    expect(row!.textBody).toContain('Claims checked: 3');
    expect(row!.textBody).toContain('Claims corrected: 1');
    expect(row!.textBody).toContain('Claims unsupported: 1');
    expect(row!.textBody).toContain('Claims opinion — not checkable: 1');
    expect(row!.textBody).toContain('Claims supported: 0');
    expect(row!.htmlBody).toContain('Words changed');
  });

  it('the same delivery on every tier: report and three files', async () => {
    for (const tier of ['fact-checked', 'polished', 'rewritten']) {
      const tierOrder = await order(tier);
      await addClaim(tierOrder, quote('1899', { verdict: 'corrected', note: 'It was 1889.' }));
      expect((await review(tierOrder, { complete: true })).statusCode).toBe(200);
      const report = (await t.request('GET', `/api/submissions/${tierOrder}/fact-check`, customer)).json() as FactCheckReport;
      expect(report.counts.corrected, tier).toBe(1);
      for (const suffix of ['reviewed.txt', 'reviewed.docx', 'fact-check.pdf']) {
        const response = await t.request('GET', `/api/submissions/${tierOrder}/${suffix}`, customer);
        expect(response.statusCode, `${tier} ${suffix}`).toBe(200);
        expect(response.headers['content-disposition']).toContain(`${tierOrder}-`);
      }
    }
  });

  it('no Word file when the review has no text of its own (documents only)', async () => {
    const linkOnly = await order();
    const done = await review(linkOnly, {
      complete: true,
      attachmentMode: 'link',
      documentLink: 'https://docs.example.com/review/7',
      reviewedContent: '',
    });
    expect(done.statusCode, done.body).toBe(200);
    const word = await t.request('GET', `/api/submissions/${linkOnly}/reviewed.docx`, customer);
    expect(word.statusCode).toBe(404);
    expect(word.json().message).toBe(FACT_CHECK_MESSAGES.noReviewedText);
    const text = await t.request('GET', `/api/submissions/${linkOnly}/reviewed.txt`, customer);
    expect(text.body).toBe('https://docs.example.com/review/7');
    expect((await t.request('GET', `/api/submissions/${linkOnly}/fact-check.pdf`, customer)).statusCode).toBe(200);
  });

  it('during a revision, the files of the delivery already made, never the reviewer’s draft of the next (issue 45)', async () => {
    const revised = await order();
    expect((await review(revised, { complete: true, reviewerNotes: 'First notes.' })).statusCode).toBe(200);
    const asked = await t.request('POST', `/api/submissions/${revised}/revision`, customer, { message: 'Please change the closing line.' });
    expect(asked.statusCode, asked.body).toBe(200);
    const draft = 'A draft of the second delivery that the customer must not see yet.';
    const urls = ['fact-check', 'reviewed.txt', 'reviewed.docx', 'fact-check.pdf'].map((suffix) => `/api/submissions/${revised}/${suffix}`);
    // Revision requested, then in review once the reviewer saves a draft: delivery 1 all along.
    for (const step of ['revision-requested', 'in-review'] as const) {
      if (step === 'in-review') {
        expect((await review(revised, { complete: false, reviewedContent: draft })).statusCode).toBe(200);
        const moved = await t.request('PATCH', `/api/admin/submissions/${revised}/status`, admin, { status: 'in-review' });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      const status = ((await t.request('GET', `/api/submissions/${revised}`, customer)).json() as { status: string }).status;
      expect(status).toBe(step);
      for (const url of urls) {
        expect((await t.request('GET', url, customer)).statusCode, `${step} ${url}`).toBe(200);
        expect((await t.request('GET', url, stranger)).statusCode, `${step} ${url}`).toBe(404);
      }
      expect((await t.request('GET', urls[1]!, customer)).body).toBe(REVIEWED);
      const docx = readZip((await t.request('GET', urls[2]!, customer)).rawPayload);
      const document = docx.get('word/document.xml')!.toString('utf8');
      expect(document).toContain('closing line');
      expect(document).not.toContain('must not see');
    }
    // Delivered again: the second version.
    expect((await review(revised, { complete: true, reviewedContent: draft })).statusCode).toBe(200);
    expect((await t.request('GET', urls[1]!, customer)).body).toBe(draft);
  });

  it('the statement "No checkable claims" when the reviewer made it', async () => {
    const none = await order('fact-checked');
    expect((await review(none, { complete: true, noCheckableClaims: true })).statusCode).toBe(200);
    const report = (await t.request('GET', `/api/submissions/${none}/fact-check`, customer)).json() as FactCheckReport;
    expect(report).toMatchObject({ noCheckableClaims: true, claims: [] });
    const [mail] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `review-completed:${none}:${customer.email.toLowerCase()}`));
    expect(mail!.textBody).toContain('Claims checked: 0 (no checkable claims)');
  });
});
