/**
 * Writes packages/sdk/src/schema.ts from the OpenAPI document of the app as it is now: the app is built on a
 * throwaway embedded database and asked for /api/v1/openapi.json, as a client would.
 *
 *   npm run generate -w @humanproof/sdk
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import { schemaSource } from './schema-source';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hp-sdk-generate-'));
try {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:5000',
    SESSION_SECRET: `generate-${randomUUID()}-${randomUUID()}`,
    MAIL_WORKER: 'off',
    WEBHOOK_WORKER: 'off',
  });
  const app = await buildApp({ config, clientDir: null });
  try {
    const response = await app.inject({ url: '/api/v1/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`/api/v1/openapi.json answered ${response.statusCode}`);
    const target = path.join(import.meta.dirname, '..', 'src', 'schema.ts');
    writeFileSync(target, await schemaSource(response.json()));
    console.log(`wrote ${path.relative(process.cwd(), target)}`);
  } finally {
    await app.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
