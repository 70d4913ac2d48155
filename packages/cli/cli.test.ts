import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeReview, customerWithKey, startReview, startRunningApp, words, type Customer, type RunningApp } from '../../server/test-support/agents';
import { bearer } from '../../server/test-support/api';

/**
 * The `humanproof` command line (issue 46), run as a process exactly as `npx humanproof` runs it (the bin that npm
 * links), against the running app over HTTP.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BIN = path.join(ROOT, 'node_modules', '.bin', 'humanproof');
const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-cli-'));

interface Running {
  stdout: () => string;
  stderr: () => string;
  /** Resolves once standard error holds `text` (the progress line), or rejects when the process ends first. */
  stderrHas: (text: string) => Promise<void>;
  exited: Promise<number>;
}

function start(args: string[], env: Record<string, string> = {}, input?: string): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HUMANPROOF_POLL_SECONDS: '0.1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
    for (const w of waiters.filter((w) => err.includes(w.text))) w.resolve();
  });
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  child.stdin.end(input ?? '');
  return {
    stdout: () => out,
    stderr: () => err,
    exited,
    stderrHas: (text) =>
      new Promise<void>((resolve, reject) => {
        if (err.includes(text)) return resolve();
        waiters.push({ text, resolve });
        void exited.then(() => (err.includes(text) ? resolve() : reject(new Error(`ended before "${text}"\n${out}\n${err}`))));
      }),
  };
}

async function cli(args: string[], env: Record<string, string> = {}, input?: string) {
  const running = start(args, env, input);
  const code = await running.exited;
  return { code, stdout: running.stdout(), stderr: running.stderr() };
}

const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

let run: RunningApp;
let customer: Customer;
let env: Record<string, string>;

beforeAll(async () => {
  run = await startRunningApp();
  customer = await customerWithKey(run);
  env = { HUMANPROOF_URL: run.baseUrl, HUMANPROOF_API_KEY: customer.key };
});
afterAll(async () => run.close());

describe('humanproof --help', () => {
  it('names every command, and every command has its own --help', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    for (const name of ['submit', 'status', 'result', 'quote', 'verify', 'mcp']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
      const own = await cli([name, '--help']);
      expect(own.code, name).toBe(0);
      expect(own.stdout, name).toContain(`usage: humanproof ${name}`);
    }
  });

  it('is misuse (exit 2) to give an unknown command, an unknown flag, a bad tier, or no key where one is needed', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2);
    expect((await cli(['status', 'x', '--nope'], env)).code).toBe(2);
    const badTier = await cli(['submit', file('a.txt', words(20)), '--tier', 'gold'], env);
    expect(badTier.code).toBe(2);
    expect(badTier.stderr).toContain('--tier must be one of fact-checked, polished, rewritten');
    const noKey = await cli(['status', 'abc'], { HUMANPROOF_URL: run.baseUrl });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('HUMANPROOF_API_KEY');
    expect((await cli(['submit', file('b.txt', words(20)), '--tier', 'polished', '--out', 'x.txt'], env)).code).toBe(2);
  });
});

describe('humanproof quote', () => {
  it('prices 1,000 words, polished, fast turnaround at £90.00 by the site’s rule, with no key', async () => {
    const text = words(1000);
    const human = await cli(['quote', '-', '--tier', 'polished', '--fast'], {}, text);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('1,000 words, fast turnaround');
    expect(human.stdout).toMatch(/Polished\s+£90\.00/);
    const machine = JSON.parse((await cli(['quote', file('q.txt', text), '--tier', 'polished', '--fast', '--json'])).stdout) as { pricePence: number };
    // The same price the API quotes.
    const api = await bearer(run.t.app, customer.key, 'POST', '/api/v1/quotes', { content: text, serviceTier: 'polished', fastTurnaround: true });
    expect(machine.pricePence).toBe(9000);
    expect((api.json() as { pricePence: number }).pricePence).toBe(9000);
  });
});

describe('humanproof submit → wait → result', () => {
  it('orders from credit, follows the order while the team reviews it, writes the reviewed text, then gets every format', async () => {
    const draft = file('draft.md', words(120, 'draft'));
    const waiting = start(['submit', draft, '--tier', 'polished', '--variant', 'american', '--instructions', 'Keep it short.', '--wait', '--out', 'reviewed.md'], env);
    await waiting.stderrHas('Waiting for the review of');
    const orderId = /Ordered (\S+):/.exec(waiting.stderr())![1]!.replace(/:$/, '');
    expect(waiting.stderr()).toContain('£7.20 paid from credit');
    expect(waiting.stderr()).toContain(`Waiting for the review of ${orderId}: Paid`);
    await startReview(run, orderId);
    await waiting.stderrHas(`Waiting for the review of ${orderId}: In review`);
    await completeReview(run, orderId, 'The reviewed draft, by a person.');
    expect(await waiting.exited, waiting.stderr()).toBe(0);
    expect(readFileSync(path.join(dir, 'reviewed.md'), 'utf8')).toBe('The reviewed draft, by a person.');
    expect(waiting.stderr()).toContain(`Order ${orderId}: Completed`);

    // The order as the API holds it: what the flags asked for.
    const order = (await bearer(run.t.app, customer.key, 'GET', `/api/v1/orders/${orderId}`)).json() as { instructions: string; serviceTier: string };
    expect(order).toMatchObject({ serviceTier: 'polished', instructions: 'Keep it short.' });

    const status = await cli(['status', orderId, '--json'], env);
    expect(status.code).toBe(0);
    const code = (JSON.parse(status.stdout) as { result: { certificateCode: string } }).result.certificateCode;
    expect((await cli(['status', orderId], env)).stdout).toContain(`certificate ${code}`);

    const text = await cli(['result', orderId], env);
    expect(text).toMatchObject({ code: 0, stdout: 'The reviewed draft, by a person.\n' });
    expect((await cli(['result', orderId, '--format', 'docx', '--out', 'reviewed.docx'], env)).code).toBe(0);
    expect(readFileSync(path.join(dir, 'reviewed.docx')).subarray(0, 2).toString()).toBe('PK');
    const report = await cli(['result', orderId, '--format', 'report', '--out', 'report.pdf', '--json'], env);
    expect(JSON.parse(report.stdout)).toMatchObject({ orderId, format: 'report', out: 'report.pdf' });
    expect(readFileSync(path.join(dir, 'report.pdf')).subarray(0, 4).toString()).toBe('%PDF');

    // verify: by code, by the saved certificate file, and a text that is not the reviewed one.
    const byCode = await cli(['verify', code, '--text', 'reviewed.md'], { HUMANPROOF_URL: run.baseUrl });
    expect(byCode.code, byCode.stdout + byCode.stderr).toBe(0);
    expect(byCode.stdout).toContain('signature: verified');
    expect(byCode.stdout).toContain('text: matches the reviewed text');
    const saved = file('certificate.json', await (await fetch(`${run.baseUrl}/api/v1/certificates/${code}`)).text());
    expect((await cli(['verify', saved], { HUMANPROOF_URL: run.baseUrl })).code).toBe(0);
    const other = await cli(['verify', code, '--text', draft], { HUMANPROOF_URL: run.baseUrl });
    expect(other.code).toBe(1);
    expect(other.stdout).toContain('text: does NOT match');
  });

  it('says an order is not delivered yet (exit 1)', async () => {
    const placed = await cli(['submit', '-', '--tier', 'fact-checked', '--json'], env, words(30, 'early'));
    expect(placed.code).toBe(0);
    const { id } = JSON.parse(placed.stdout) as { id: string };
    const early = await cli(['result', id], env);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(`Order ${id} is not completed yet (status: Paid)`);
  });
});

describe('a refused request', () => {
  it('prints the API’s message and exits 1, and never prints the key', async () => {
    const poor = await customerWithKey(run, { credit: 0 });
    const refused = await cli(['submit', '-', '--tier', 'polished', '--json'], { HUMANPROOF_URL: run.baseUrl, HUMANPROOF_API_KEY: poor.key }, words(100));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused: Your credit does not cover this order.');
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: { status: 402, shortfallPence: 600, instance: expect.stringMatching(/^urn:request:/) } });
    expect(refused.stdout + refused.stderr).not.toContain(poor.key);

    const badKey = 'hp_live_this-key-does-not-exist';
    const unauthorized = await cli(['status', 'abc'], { HUMANPROOF_URL: run.baseUrl, HUMANPROOF_API_KEY: badKey });
    expect(unauthorized.code).toBe(1);
    expect(unauthorized.stderr).toContain('Send a valid API key');
    expect(unauthorized.stdout + unauthorized.stderr).not.toContain(badKey);

    const tooLong = await cli(['submit', '-', '--tier', 'polished'], env, words(3001));
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toMatch(/refused: .*3,000 words/);
  });
});

describe('--editor', () => {
  it('sends editorialResponsibility only when given', async () => {
    // A stand-in site that records the order body: the API's own handling of the field is its change, not this one.
    const bodies: Record<string, unknown>[] = [];
    const site = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        bodies.push(JSON.parse(raw) as Record<string, unknown>);
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'ord_1', pricePence: 600, dueDate: null }));
      });
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    try {
      const siteEnv = { HUMANPROOF_URL: url, HUMANPROOF_API_KEY: 'hp_live_x' };
      expect((await cli(['submit', '-', '--tier', 'polished', '--editor', 'Ada Lovelace', '--editor-organisation', 'Analytical Ltd'], siteEnv, words(20))).code).toBe(0);
      expect((await cli(['submit', '-', '--tier', 'polished'], siteEnv, words(20))).code).toBe(0);
    } finally {
      site.close();
    }
    expect(bodies[0]).toMatchObject({ editorialResponsibility: { name: 'Ada Lovelace', organisation: 'Analytical Ltd' } });
    expect(bodies[1]).not.toHaveProperty('editorialResponsibility');
  });
});
