// Builds the client (Vite), pre-renders the public pages (decision 019), bundles the server (esbuild) with its
// migrations, and pre-compresses assets.
import { build as viteBuild, loadConfigFromFile } from 'vite';
import { pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { register } from 'tsx/esm/api';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
// HP_DIST_DIR lets several builds (parallel e2e runs) live side by side; default dist/.
const dist = path.resolve(root, process.env.HP_DIST_DIR ?? 'dist');

async function buildClient() {
  await viteBuild({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: path.join(dist, 'client') },
  });
  // The island scripts (shared/island-scripts.ts: the static pages', decision 049, and the order form's, decision
  // 051), each built on its own so it shares no chunk with the app or another island: the app's chunks stay as they
  // were. Each manifest sits beside the app's.
  register();
  const { ISLAND_SCRIPTS } = await import('../shared/island-scripts.ts');
  // Without the app's chunk groups (vite.config.ts): they put zod in the framework chunk every page loads, and an
  // island loads zod only with its first check (decision 051). Left to itself, the bundler puts what the island
  // runs at once in its entry file and each part it imports later in a chunk of its own.
  const { config } = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.join(root, 'vite.config.ts'));
  delete config.build.rollupOptions.output.codeSplitting;
  for (const { source, manifest } of Object.values(ISLAND_SCRIPTS)) {
    await viteBuild({
      ...config,
      configFile: false,
      logLevel: 'warn',
      build: {
        ...config.build,
        outDir: path.join(dist, 'client'),
        emptyOutDir: false,
        copyPublicDir: false,
        manifest: `.vite/${manifest}`,
        rollupOptions: {
          ...config.build.rollupOptions,
          input: { [path.basename(source).replace(/\.tsx?$/, '')]: path.join(root, 'client', source) },
        },
      },
    });
  }
  const assets = path.join(dist, 'client');
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  for (const file of walk(assets)) {
    if (!/\.(js|css|svg|html|txt|json)$/.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

/**
 * Builds client/entry-server.tsx for Node and renders every public page of the route table to
 * <dist>/prerendered/pages.json, which the server puts into its HTML shells (server/plugins/static.ts).
 */
async function prerender() {
  const ssrDir = path.join(dist, '.ssr');
  await viteBuild({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'client/entry-server.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
    },
  });
  const { prerenderPages } = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
  const pages = await prerenderPages();
  mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  writeFileSync(path.join(dist, 'prerendered', 'pages.json'), JSON.stringify({ pages }));
  rmSync(ssrDir, { recursive: true, force: true });
  return pages.length;
}

async function buildServer() {
  const entries = {
    main: 'server/main.ts',
    'admin-cli': 'server/features/auth/admin-cli.ts',
    // The child process that reads uploaded files; extraction-pool.ts finds it beside main.js.
    'extract-worker': 'server/features/text-extraction/extract-worker.ts',
    // The worker thread that computes a delivery's word diff; diff-pool.ts finds it beside main.js.
    'diff-worker': 'server/features/delivery-diff/diff-worker.ts',
    // The worker thread of the workspace's language checks (harper.js and the "AI tells" rules; decision 052);
    // check-text.ts finds it there. Named apart from its source since its messages changed: a bundle of the old
    // harper-worker, cached by name from another checkout, is never taken for it.
    'language-checker': 'server/features/language-checks/harper-worker.ts',
  };
  await esbuild({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, path.join(root, v)])),
    outdir: path.join(dist, 'server'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
    outExtension: { '.js': '.js' },
  });
  cpSync(path.join(root, 'server/db/migrations'), path.join(dist, 'server/migrations'), { recursive: true });
}

// React's server renderer in its production build, as the browser runs.
process.env.NODE_ENV ??= 'production';
rmSync(dist, { recursive: true, force: true });
const [prerendered] = await Promise.all([buildClient().then(prerender), buildServer()]);
writeFileSync(path.join(dist, 'BUILD_STAMP'), new Date().toISOString());
console.log(`Built ${path.relative(root, dist) || '.'}/client (${prerendered} pre-rendered pages) and /server.`);
