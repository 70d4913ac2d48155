// The JavaScript budget of the public pages (issue 25, decision 042), from the build's own figures: for each page,
// the initial JavaScript the browser loads is the entry and its static imports plus the page's chunk and its
// static imports (what the HTML names: server/plugins/route-preloads.ts), measured gzip-compressed at level 9 as
// the server sends it. Fails when a page goes over its ceiling, so the pages cannot grow unnoticed again.
//
//   node scripts/js-budget.mjs            checks dist/ (HP_DIST_DIR picks another build)
//
// The ceilings are today's figures with a little room: the targets (60 KB for marketing pages, 110 KB for
// /check-now) need pages without React on the client except for their interactive islands, which is not built yet.
// Lower a ceiling whenever a change makes a page lighter.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';

const KB = 1024;
/** Ceilings in KB gzip, and the targets beside them. */
const BUDGETS = [
  { name: 'marketing pages', pages: ['/', '/services', '/about', '/blog', '/privacy-policy', '/terms-of-service', '/accessibility'], ceiling: 144, target: 60 },
  { name: 'other public pages', pages: ['/contact', '/help-center', '/login'], ceiling: 160, target: 60 },
  { name: 'order form', pages: ['/check-now'], ceiling: 182, target: 110 },
];

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.HP_DIST_DIR ?? 'dist');
const manifestFile = path.join(dist, 'client', '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No build at ${path.relative(root, dist)}: run node scripts/build.mjs first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
register();
const { PAGE_ROUTES, findPageRoute } = await import('../shared/routes.ts');

const closure = (key, seen) => {
  if (!manifest[key] || seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(next, seen);
};
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const gzipBytes = new Map();
const sizeOf = (file) => {
  if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(path.join(dist, 'client', file)), { level: 9 }).length);
  return gzipBytes.get(file);
};

function initialJs(pagePath) {
  const route = findPageRoute(pagePath);
  if (!route || !PAGE_ROUTES.includes(route)) throw new Error(`${pagePath} is not a route of the route table`);
  const keys = new Set();
  closure(entry, keys);
  closure(route.page, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  return { files: files.length, kb: files.reduce((sum, file) => sum + sizeOf(file), 0) / KB };
}

let over = 0;
console.log('Initial JavaScript per public page (KB gzip):');
for (const budget of BUDGETS) {
  for (const page of budget.pages) {
    const { files, kb } = initialJs(page);
    const fits = kb <= budget.ceiling;
    if (!fits) over += 1;
    console.log(
      `  ${page.padEnd(18)} ${kb.toFixed(1).padStart(6)} in ${String(files).padStart(2)} files   ceiling ${budget.ceiling} (${budget.name})   issue target ${budget.target}${fits ? '' : '   OVER'}`,
    );
  }
}
if (over > 0) {
  console.error(`${over} page(s) over their JavaScript ceiling: make them lighter (scripts/js-budget.mjs says how it measures).`);
  process.exit(1);
}
