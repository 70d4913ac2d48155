// The published command line: src/run.ts bundled with the code it uses from shared/ and the SDK, into dist/run.js
// (run by bin/humanproof.js when src/ is not there). `npm pack` / `npm publish` run it (prepack).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: { run: new URL('./src/run.ts', import.meta.url).pathname },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Its own dependencies stay dependencies; everything else (shared/, the SDK's source) is inlined.
  external: Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
