// The server Playwright drives: the built app on a fresh embedded database, or on a fresh
// PostgreSQL database when TEST_DATABASE_URL is set (CI). No account is an administrator by configuration: the specs
// make their own through this process's admin channel (e2e-admin-channel.mjs).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { adminChannelPath, startAdminChannel } from './e2e-admin-channel.mjs';
import { startSmtpSink } from './e2e-smtp-sink.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '5100';
const dataDir = path.join(root, '.tmp', `e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

Object.assign(process.env, {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  AUTH_RATE_LIMIT_MAX: '100000',
  // No address is an administrator by configuration: each test makes its own (e2e-admin-channel.mjs).
  ADMIN_EMAILS: '',
  SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
  // No completion waits for a second reviewer's sign-off unless a run asks for it (decision 073).
  QA_SAMPLE_PERCENT: process.env.QA_SAMPLE_PERCENT ?? '0',
});

// E-mail goes over SMTP to a real SMTP server; specs read what it received from .tmp/e2e-<port>/mailbox.
const sink = await startSmtpSink(path.join(dataDir, 'mailbox'));
process.env.SMTP_URL = sink.url;
process.env.MAIL_FROM = 'HumanProof <no-reply@humanproof.test>';

const baseUrl = process.env.TEST_DATABASE_URL?.trim();
if (baseUrl) {
  const name = `hp_e2e_${port}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  // A spec that needs a second instance on the same data (another configuration: e2e/sign-off.spec.ts) reads it here.
  writeFileSync(path.join(dataDir, 'database-url'), process.env.DATABASE_URL);
}

await startAdminChannel({ socketPath: adminChannelPath(root, port), databaseUrl: process.env.DATABASE_URL, dataDir });

await import(path.join(path.resolve(root, process.env.HP_DIST_DIR ?? 'dist'), 'server/main.js'));
