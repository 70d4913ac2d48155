#!/usr/bin/env node
// The `humanproof` command. In the repository it runs the TypeScript source through tsx (nothing to build after
// `npm install`, never a stale build); the published package runs dist/run.js, built by `npm pack` (prepack).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = new URL('../src/run.ts', import.meta.url);
if (existsSync(fileURLToPath(source))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/run.js', import.meta.url).href);
}
