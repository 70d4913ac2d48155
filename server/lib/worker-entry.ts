import { existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';

const fromSources = new Map<string, string>();

/**
 * The entry file of a worker (a child process or a worker thread): `<name>.js` beside the server bundle
 * (scripts/build.mjs emits it). From the sources (development, tests) the worker is bundled once per process with
 * esbuild, a dev dependency, into node_modules/.cache, where its packages resolve: a plain `node` entry starts several
 * times faster than tsx. `callerUrl` is the caller's import.meta.url and `source` its worker's file beside it.
 */
export function workerEntry(callerUrl: string, name: string, source: string): string {
  const here = path.dirname(fileURLToPath(callerUrl));
  const built = path.join(here, `${name}.js`);
  if (existsSync(built)) return built;
  const known = fromSources.get(name);
  if (known) return known;
  const root = path.resolve(here, '..', '..', '..');
  const outDir = path.join(root, 'node_modules', '.cache', 'humanproof');
  const temporary = path.join(outDir, `${name}.${process.pid}.mjs`);
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  esbuild.buildSync({
    entryPoints: [path.join(here, source)],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  // Several test processes may build at once: each renames its own complete file into place.
  const final = path.join(outDir, `${name}.mjs`);
  renameSync(temporary, final);
  fromSources.set(name, final);
  return final;
}
