// The JavaScript budget of the public pages (issue 25, decision 042), from the build's own figures: for each page,
// the initial JavaScript the browser loads is the entry and its static imports plus the page's chunk and its
// static imports (what the HTML names: server/plugins/route-preloads.ts), measured gzip-compressed at level 9 as
// the server sends it. Fails when a page goes over its ceiling, so the pages cannot grow unnoticed again.
//
//   node scripts/js-budget.mjs            checks dist/ (HP_DIST_DIR picks another build)
//
// A page marked `islands` in the route table loads only its island script and its imports (decisions 049 and 051,
// shared/island-scripts.ts): that is what a visitor without the signed-in hint gets. The ceilings are today's figures with a little room; lower one
// whenever a change makes a page lighter.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';

const KB = 1024;
/** Ceilings in KB gzip, and the targets beside them. */
const BUDGETS = [
  {
    name: 'static pages',
    pages: ['/', '/services', '/about', '/blog', '/blog/<post>', '/privacy-policy', '/terms-of-service', '/accessibility'],
    ceiling: 8,
    target: 60,
  },
  // The contact form, the help center's search and status line without React (decision 071).
  { name: 'support pages', pages: ['/contact', '/help-center'], ceiling: 12, target: 60 },
  { name: 'order form', pages: ['/check-now'], ceiling: 110, target: 110 },
  // Its waiting order and the order form's carried notice without React (decision 076): 6.3 KB in 1 file.
  { name: 'login page', pages: ['/login'], ceiling: 10, target: 110 },
  // The server writes the certificate page; its island checks it without React (decision 076): 8.4 KB in 1 file.
  { name: 'certificate page', pages: ['/verify/<code>'], ceiling: 12, target: 60 },
];

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.HP_DIST_DIR ?? 'dist');
const manifestFile = path.join(dist, 'client', '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No build at ${path.relative(root, dist)}: run node scripts/build.mjs first.`);
  process.exit(1);
}
register();
const { PAGE_ROUTES, findPageRoute } = await import('../shared/routes.ts');
const { ISLAND_SCRIPTS } = await import('../shared/island-scripts.ts');
// The server's own reading of the manifests, so the budget weighs exactly what the HTML names.
const { chunkFiles, readManifest } = await import('../server/plugins/route-preloads.ts');
const manifest = readManifest(manifestFile);
// Each island script has its own build and manifest (scripts/build.mjs); their keys never meet the app's.
const islandManifests = new Map();
for (const [kind, { source, manifest: file }] of Object.entries(ISLAND_SCRIPTS)) {
  const manifestPath = path.join(dist, 'client', '.vite', file);
  const islandManifest = readManifest(manifestPath);
  if (!islandManifest[source]?.isEntry) {
    console.error(`No build of the ${kind} island script (${source}) at ${path.relative(root, manifestPath)}: run node scripts/build.mjs first.`);
    process.exit(1);
  }
  islandManifests.set(kind, islandManifest);
}

const APP_ENTRY = 'index.html';
if (!manifest[APP_ENTRY]?.isEntry) {
  console.error(`The build's manifest lacks ${APP_ENTRY}: see scripts/build.mjs.`);
  process.exit(1);
}
const gzipBytes = new Map();
const sizeOf = (file) => {
  if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(path.join(dist, 'client', file)), { level: 9 }).length);
  return gzipBytes.get(file);
};

function initialJs(pagePath) {
  const route = findPageRoute(pagePath);
  if (!route || !PAGE_ROUTES.includes(route)) throw new Error(`${pagePath} is not a route of the route table`);
  const seen = new Set(
    route.islands
      ? chunkFiles(islandManifests.get(route.islands), ISLAND_SCRIPTS[route.islands].source)
      : [...chunkFiles(manifest, APP_ENTRY), ...chunkFiles(manifest, route.page)],
  );
  const files = [...seen].filter((file) => file.endsWith('.js'));
  return { files: files.length, kb: files.reduce((sum, file) => sum + sizeOf(file), 0) / KB };
}

let over = 0;
console.log('Initial JavaScript per public page (KB gzip):');
for (const budget of BUDGETS) {
  for (const page of budget.pages) {
    const { files, kb } = initialJs(page.replace('<post>', 'post').replace('<code>', 'HP-AAAA-BBBB-CCCC-DDDD'));
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
