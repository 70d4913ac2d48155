// Typing latency in the review workspace's prose editor (issue 42 item 2, decision 066): the built app, a paid
// 3,000-word order, Chromium driven by Playwright. A reviewer types into the reviewed text with the findings and
// suggested claims marked; for each key the page records the time from the keydown to the next frame it painted
// (keydown → requestAnimationFrame → the task after that frame), and the Event Timing API's input-handler time
// (processingEnd − processingStart of the keydown, keypress and input events). Prints p50 / p95 / max, twice: in a
// Chromium without its frame-rate limit (the frame follows the work at once: the editor's own time), which is judged
// and fails when its p95 is 16 ms or more (one frame at 60 Hz); and at 60 Hz, as first measured, which adds the wait
// for the display's next refresh (its p50 is never under 16.7 ms), for reading.
//
//   node scripts/build.mjs && npm run bench:typing          (E2E_PORT picks the port, 5202 unless set)
//   BENCH_TRACE=1   also a Chrome trace of the typing, broken down per key (scripts/lib/trace-breakdown.mjs)
//   BENCH_VARIANTS='{"base": "", "name": "css"}' BENCH_ROUNDS=3   style sheets compared in turns (compareVariants)
//
// The server is the end-to-end one (scripts/e2e-server.mjs: a fresh embedded database, its admin channel).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { adminChannelPath } from './e2e-admin-channel.mjs';
import { CHROMIUM_FLAGS } from './lib/chromium-flags.mjs';
import { breakdownLines, TRACE_CATEGORIES, traceBreakdown } from './lib/trace-breakdown.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 5202);
const base = `http://localhost:${port}`;
// Quick mode (npm run bench:quick, in CI beside the tests): a few keys, checking that each reaches the editor and is
// measured; the figures are printed for reading and not judged against the target, as on a busy machine they say more
// about the load than about the editor (decision 066).
const QUICK = process.env.BENCH_QUICK === '1';
const KEYS = Number(process.env.BENCH_KEYS ?? (QUICK ? 30 : 300));
const LIMIT_MS = 16;
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** About 3,000 words in paragraphs of prose, with a few things the checks and the claim finder mark. */
function order() {
  const sentences = [
    'The bridge opened in 1923 and carries 160,000 vehicles a day across the estuary.',
    'Engineers delve into the data every spring to see how the deck has aged.',
    'It is the longest bridge in the county, and the council says it will last another century.',
    'Residents recieve a newsletter about the works, which explains the closures in plain words.',
    'According to a 2019 survey, most drivers cross it twice a day on their way to work.',
    'The color of the railings was chosen by a vote of the town in the spring of 1998.',
    'Walkers and cyclists share a path on the eastern side, separated from the traffic by a low wall.',
    'In the evening the lights along the span are switched on, and the river reflects them.',
  ];
  const paragraphs = [[]];
  let words = 0;
  // As close to 3,000 words (the order limit) as whole sentences go, six sentences a paragraph.
  for (let i = 0; ; i += 1) {
    const sentence = sentences[(i * 3 + Math.floor(i / 6)) % sentences.length];
    const count = sentence.split(/\s+/).length;
    if (words + count > 3000) break;
    words += count;
    if (paragraphs.at(-1).length === 6) paragraphs.push([]);
    paragraphs.at(-1).push(sentence);
  }
  return paragraphs.map((p) => p.join(' ')).join('\n\n');
}

function grantAdmin(email) {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ socketPath: adminChannelPath(root, port), method: 'PUT', path: `/admins/${encodeURIComponent(email)}` }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 204 ? resolve() : reject(new Error(`admin channel answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitForServer(server) {
  for (let i = 0; i < 600; i += 1) {
    if (server.exitCode !== null) throw new Error('the server stopped');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

async function signUp(context, email) {
  const headers = { origin: base };
  const res = await context.request.post('/api/identity/sign-up/email', {
    headers,
    data: { email, firstName: 'Bench', lastName: 'Typist', name: 'Bench Typist', password: 'bench-password-long-enough' },
  });
  if (!res.ok()) throw new Error(`sign-up: ${res.status()} ${await res.text()}`);
}

async function paidOrder(context, email, content) {
  const headers = { origin: base };
  const created = await context.request.post('/api/submissions', {
    headers,
    data: { content, serviceTier: 'polished', category: 'blog-post', contactName: 'Bench Customer', contactEmail: email },
  });
  if (created.status() !== 201) throw new Error(`order: ${created.status()} ${await created.text()}`);
  const { id } = await created.json();
  const intent = await context.request.post('/api/create-payment-intent', { headers, data: { submissionId: id } });
  const { clientSecret } = await intent.json();
  const paid = await context.request.post('/api/payments/sandbox/confirm', {
    headers,
    data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  if (!paid.ok()) throw new Error(`payment: ${paid.status()}`);
  return id;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const line = (name, values) =>
  `${name.padEnd(34)} p50 ${percentile(values, 50).toFixed(1).padStart(5)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(5)} ms   max ${Math.max(...values).toFixed(1).padStart(5)} ms   (${values.length})`;

/** The browser's own frame-rate limit off: a frame is drawn as soon as the work asked for it is done (decision 066). */
const UNTHROTTLED_FLAGS = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];
// Both measurements, each in a browser of its own: the judged one without the frame-rate limit (the editor's work,
// key to painted frame), and the one the benchmark first printed, at 60 Hz (that work plus the wait for the display's
// next refresh, so never under 16.7 ms at its p50), for comparison with earlier figures.
// Without the limit an endless animation is drawn frame after frame as fast as the machine goes: the caret's blink
// (CodeMirror's cursor layer) would keep a core busy and slow every key it measures, so that mode holds the caret
// still. Its restart at each key (a style change) is then not measured there; the 60 Hz line keeps it.
const MODES = [
  { label: 'keydown to frame, no frame-rate limit', flags: UNTHROTTLED_FLAGS, judged: true, stillCaret: true },
  { label: 'keydown to next 60 Hz frame (vsync)', flags: [], judged: false, stillCaret: false },
];
/** Quick mode (CI, beside the tests) types in the judged mode only: one Chromium fewer on a machine the tests need. */
const RUN_MODES = QUICK ? MODES.filter((mode) => mode.judged) : MODES;
/** BENCH_PROFILE=1: the page's JavaScript, sampled while it types: the functions with the most self time per key. */
function printProfile(profile, keys) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const { callFrame } = byId.get(profile.samples[i]);
    const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop()}:${callFrame.lineNumber}:${callFrame.columnNumber}`;
    self.set(name, (self.get(name) ?? 0) + (dt[i + 1] ?? 0) / 1000);
  }
  const top = [...self].filter(([name]) => !/^\((idle|program)\)/.test(name)).sort((a, b) => b[1] - a[1]).slice(0, 40);
  console.log(`JavaScript self time per key (ms), top ${top.length}:`);
  for (const [name, ms] of top) console.log(`  ${(ms / keys).toFixed(3).padStart(7)}  ${name}`);
}

/** BENCH_TRACE=1: a Chrome trace of the typing, broken down per key (the trace's overhead slows the keys it times). */
const TRACE = process.env.BENCH_TRACE === '1';

/** Types KEYS keys into the reviewed text of the order's workspace; the page's own timings of each, and the trace's. */
async function typeInWorkspace(browser, storageState, id, { screenshots, stillCaret, css = '' }) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, storageState });
  const page = await context.newPage();
  await page.goto(`/admin/orders/${encodeURIComponent(id)}`);
  const reviewed = page.getByRole('textbox', { name: 'Reviewed content' });
  await reviewed.waitFor();
  // The marks are in: the findings' counts and the suggested claims have loaded.
  await page.getByRole('list', { name: 'Findings' }).waitFor({ timeout: 120_000 });
  await page.getByRole('list', { name: 'Suggested claims' }).waitFor();
  const marks = await page.locator('.cm-lintRange').count();
  // BENCH_SCREENSHOTS=<folder>: the workspace as the benchmark sees it, at 1280×800 and at 390 px wide.
  if (screenshots) {
    await page.screenshot({ path: path.join(screenshots, 'workspace-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /Unified view/ }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'workspace-390.png') });
    await page.screenshot({ path: path.join(screenshots, 'workspace-390-full.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  if (css) await page.addStyleTag({ content: css });
  if (stillCaret) await page.addStyleTag({ content: '.cm-cursorLayer { animation: none !important; }' });
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__typing = { paint: [], handler: [] };
    const channel = new MessageChannel();
    const pending = [];
    channel.port1.onmessage = () => {
      const started = pending.shift();
      if (started !== undefined) w.__typing.paint.push(performance.now() - started);
    };
    window.addEventListener(
      'keydown',
      () => {
        const started = performance.now();
        requestAnimationFrame(() => {
          pending.push(started);
          channel.port2.postMessage(null);
        });
      },
      true,
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (['keydown', 'keypress', 'input', 'beforeinput'].includes(entry.name)) w.__typing.handler.push(entry.processingEnd - entry.processingStart);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
  // Typing at the end of a paragraph in the middle of the text, past the first screen.
  await reviewed.focus();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 40; i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__typing.paint.length = 0;
    w.__typing.handler.length = 0;
  });
  if (TRACE) await browser.startTracing(page, { categories: [...TRACE_CATEGORIES] });
  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 100 });
    await profiler.send('Profiler.start');
  }
  const text = ' The reviewer adds a sentence here to see whether typing stays smooth in a long order.';
  for (let i = 0; i < KEYS; i += 1) {
    await page.keyboard.press(text[i % text.length] === ' ' ? 'Space' : text[i % text.length]);
    // A quick typist: about twelve keys a second.
    await page.waitForTimeout(80);
  }
  await page.waitForTimeout(500);
  if (profiler) printProfile((await profiler.send('Profiler.stop')).profile, KEYS);
  const trace = TRACE ? traceBreakdown((await browser.stopTracing()).toString('utf8'), KEYS) : null;
  const { paint, handler } = await page.evaluate(() => /** @type {any} */ (window).__typing);
  await context.close();
  return { marks, paint, handler, trace };
}

const server = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), E2E_LOG_LEVEL: 'error' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let failed = false;
const browsers = [];

/**
 * BENCH_VARIANTS='{"name": "css", ...}': the judged mode only, each variant's style sheet added to the page, the
 * variants taking turns BENCH_ROUNDS times (default 3) in one browser on one order, so a style change is compared
 * with the page as built on the same machine state. Prints each round and each variant's median p50 and p95.
 */
const VARIANTS = process.env.BENCH_VARIANTS ? Object.entries(JSON.parse(process.env.BENCH_VARIANTS)) : null;
async function compareVariants(storageState, id) {
  const judged = MODES.find((mode) => mode.judged);
  const browser = await launch(judged.flags);
  const results = new Map(VARIANTS.map(([name]) => [name, []]));
  for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 3); round += 1) {
    for (const [name, css] of VARIANTS) {
      const { paint } = await typeInWorkspace(browser, storageState, id, { stillCaret: judged.stillCaret, css });
      const [p50, p95] = [percentile(paint, 50), percentile(paint, 95)];
      results.get(name).push([p50, p95]);
      const half = Math.floor(paint.length / 2);
      console.log(`round ${round + 1} ${name.padEnd(20)} p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  load ${loadavg()[0].toFixed(2)}  (halves: p95 ${percentile(paint.slice(0, half), 95).toFixed(1)} / ${percentile(paint.slice(half), 95).toFixed(1)})`);
    }
  }
  for (const [name, rows] of results) {
    console.log(`median ${name.padEnd(20)} p50 ${percentile(rows.map((r) => r[0]), 50).toFixed(1)} ms  p95 ${percentile(rows.map((r) => r[1]), 50).toFixed(1)} ms`);
  }
}
const launch = async (flags) => {
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, ...flags] });
  browsers.push(browser);
  return browser;
};
try {
  await waitForServer(server);
  const stamp = Date.now().toString(36);
  const setup = await launch([]);
  const customer = await setup.newContext({ baseURL: base });
  const customerEmail = `bench-customer-${stamp}@example.com`;
  await signUp(customer, customerEmail);
  const content = order();
  const id = await paidOrder(customer, customerEmail, content);
  await customer.close();
  const admin = await setup.newContext({ baseURL: base });
  const adminEmail = `bench-admin-${stamp}@example.com`;
  await signUp(admin, adminEmail);
  await grantAdmin(adminEmail);
  const storageState = await admin.storageState();
  await admin.close();

  if (VARIANTS) await compareVariants(storageState, id);
  else for (const [i, mode] of RUN_MODES.entries()) {
    const browser = i === 0 && mode.flags.length === 0 ? setup : await launch(mode.flags);
    const { marks, paint, handler, trace } = await typeInWorkspace(browser, storageState, id, {
      screenshots: i === 0 ? process.env.BENCH_SCREENSHOTS : undefined,
      stillCaret: mode.stillCaret,
    });
    if (i === 0) console.log(`Workspace typing, ${content.split(/\s+/).length} words, ${marks} finding marks on screen, ${KEYS} keys (Chromium ${browser.version()}):`);
    console.log(line(mode.label, paint));
    console.log(`  load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`);
    if (handler.length > 0) console.log(line('  input handlers over 16 ms (Event Timing)', handler));
    else console.log('  input handlers over 16 ms (Event Timing)   none');
    if (trace) for (const l of breakdownLines(trace)) console.log(`  ${l}`);
    const p95 = percentile(paint, 95);
    // Every typed key is measured.
    if (paint.length < KEYS) {
      console.error(`measured ${paint.length} keys for ${KEYS} typed: the page did not take every key`);
      failed = true;
    } else if (!mode.judged) {
      // For reading only: includes the wait for the display's next refresh.
    } else if (QUICK) {
      console.log(`quick mode: p95 ${p95.toFixed(1)} ms, not judged against ${LIMIT_MS} ms`);
    } else if (!(p95 < LIMIT_MS)) {
      console.error(`p95 keydown-to-frame (no frame-rate limit) ${p95.toFixed(1)} ms is not under ${LIMIT_MS} ms`);
      failed = true;
    }
  }
} finally {
  for (const browser of browsers) await browser.close();
  server.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
