// `npm start`: builds when dist/ is missing or older than the sources, then runs the server.
import path from 'node:path';
import { buildIfStale } from './build-freshness.mjs';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
buildIfStale(dist);
await import(path.join(dist, 'server/main.js'));
