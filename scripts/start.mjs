// `npm start`: builds when dist/ is missing or older than the sources, then runs the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', 'BUILD_STAMP');
const SOURCES = ['client', 'server', 'shared', 'package-lock.json', 'vite.config.ts', 'content'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) {
    if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (sources > built) {
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(path.join(root, 'dist/server/main.js'));
