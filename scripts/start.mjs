// `npm start`: builds when dist/ is missing or older than the sources, then runs the server in this same
// process, so SIGTERM/SIGINT sent to it reach the server's graceful shutdown (package.json `exec`s this script
// so that npm's shell does not sit between). Production: see "Running in production" in README.md.
import path from 'node:path';
import { buildIfStale } from './build-freshness.mjs';

const dist = path.resolve(import.meta.dirname, '..', process.env.HP_DIST_DIR ?? 'dist');
buildIfStale(dist);
await import(path.join(dist, 'server/main.js'));
