/** A throwaway HumanProof server for examples/pipeline.ts: embedded database in a temporary folder, 127.0.0.1. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/env';

export async function startLocalServer(): Promise<{ baseUrl: string; origin: string; admin: { email: string; password: string }; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hp-pipeline-'));
  const admin = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:5000',
    SESSION_SECRET: `example-${randomUUID()}-${randomUUID()}`,
    ADMIN_EMAILS: admin.email,
    MAIL_WORKER: 'off',
    WEBHOOK_WORKER: 'on',
    WEBHOOKS_ALLOW_LOOPBACK: '1',
  });
  const app = await buildApp({ config, clientDir: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    origin: config.PUBLIC_URL,
    admin,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
