// Builds the client (Vite), bundles the server (esbuild) with its migrations, and pre-compresses assets.
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

async function buildServer() {
  const entries = {
    main: 'server/main.ts',
    'admin-cli': 'server/features/auth/admin-cli.ts',
    // The child process that reads uploaded files; extraction-pool.ts finds it beside main.js.
    'extract-worker': 'server/features/text-extraction/extract-worker.ts',
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

rmSync(dist, { recursive: true, force: true });
await Promise.all([buildClient(), buildServer()]);
writeFileSync(path.join(dist, 'BUILD_STAMP'), new Date().toISOString());
console.log(`Built ${path.relative(root, dist) || '.'}/client and /server.`);
