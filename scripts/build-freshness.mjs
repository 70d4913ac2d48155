// One answer to "is this build older than the sources?", for `npm start` and `npm run lighthouse`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['client', 'server', 'shared', 'content', 'package-lock.json', 'vite.config.ts'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) {
    if (name === 'node_modules' || /\.test\.tsx?$/.test(name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

/** Builds into `dist` (scripts/build.mjs) when it has no build or a source file is newer than its stamp. */
export function buildIfStale(dist) {
  const stamp = path.join(dist, 'BUILD_STAMP');
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (built && built >= Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))) return;
  const where = path.relative(root, dist) || '.';
  console.log(built ? `Sources changed since the last build: rebuilding ${where}…` : `No build yet: building ${where}…`);
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HP_DIST_DIR: dist },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
