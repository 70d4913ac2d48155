// `npm run lighthouse`: Lighthouse (mobile preset) on Chromium against the built app, for /, /services and
// /check-now; prints performance and accessibility scores and the initial JavaScript size of / (gzip).
// Builds into its own folder (HP_DIST_DIR, default .tmp/dist-lighthouse) when the sources are newer.
// Exits 1 when a page misses the target (performance >= 95, accessibility 100).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.HP_DIST_DIR ?? '.tmp/dist-lighthouse');
const PAGES = ['/', '/services', '/check-now'];
const TARGET = { performance: 95, accessibility: 100 };
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port, dataDir) {
  const child = spawn(process.execPath, [path.join(dist, 'server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'lighthouse-session-secret-that-is-long-enough-0123',
    },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become healthy within 60 s');
}

function runLighthouse(url) {
  const cli = path.join(root, 'node_modules/lighthouse/cli/index.js');
  const result = spawnSync(
    process.execPath,
    [
      cli,
      url,
      '--only-categories=performance,accessibility',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed for ${url}:\n${result.stderr}`);
  const report = JSON.parse(result.stdout);
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.displayValue ?? '';
  const failing = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    failing,
  };
}

/** The entry module of index.html and every module it preloads: what the browser fetches before any page chunk. */
function initialJs() {
  const clientDir = path.join(dist, 'client');
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const urls = new Set([
    ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
  ]);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const data = readFileSync(path.join(clientDir, url.replace(/^\//, '')));
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { files: urls.size, raw, gzip };
}

buildIfStale(dist);
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'hp-lighthouse-'));
const server = await startServer(port, dataDir);
let missed = false;
try {
  console.log(`\nLighthouse ${'(mobile preset)'} against http://localhost:${port}\n`);
  console.log('page         performance  accessibility  FCP      LCP      TBT     CLS');
  for (const page of PAGES) {
    const r = runLighthouse(`http://localhost:${port}${page}`);
    const miss = r.performance < TARGET.performance || r.accessibility < TARGET.accessibility;
    missed ||= miss;
    console.log(
      `${page.padEnd(12)} ${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}  ${r.fcp.padEnd(8)} ${r.lcp.padEnd(8)} ${r.tbt.padEnd(7)} ${r.cls}${miss ? '   <- below target' : ''}`,
    );
    if (r.failing.length) console.log(`             failing audits: ${r.failing.join(', ')}`);
  }
  const js = initialJs();
  console.log(
    `\nInitial JavaScript of / (entry + modulepreload, ${js.files} files): ${(js.gzip / 1024).toFixed(1)} KB gzip (${(js.raw / 1024).toFixed(1)} KB raw)`,
  );
  console.log(`Targets: performance >= ${TARGET.performance}, accessibility ${TARGET.accessibility}.`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(missed ? 1 : 0);
