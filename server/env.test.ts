import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveSessionSecret } from './env';

describe('configuration', () => {
  it('has working defaults for a bare machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(5000);
    expect(config.PUBLIC_URL).toBe('http://localhost:5000');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.stripe).toBeNull();
    expect(config.s3).toBeNull();
    expect(config.oidc).toBeNull();
    expect(config.SUPPORT_EMAIL).toBe('support@humanproof.example');
    expect(config.QA_SAMPLE_PERCENT).toBe(10);
  });

  it('reads the sign-off sample share, 0 to 100', () => {
    expect(loadConfig({ QA_SAMPLE_PERCENT: '0' }).QA_SAMPLE_PERCENT).toBe(0);
    expect(loadConfig({ QA_SAMPLE_PERCENT: ' 100 ' }).QA_SAMPLE_PERCENT).toBe(100);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'localhost:5000' }, /PUBLIC_URL/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET/],
    [{ ADMIN_EMAILS: 'ok@example.com,not-an-email' }, /ADMIN_EMAILS/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, /STRIPE_PUBLISHABLE_KEY/],
    [{ STRIPE_SECRET_KEY: 'nope', STRIPE_PUBLISHABLE_KEY: 'pk_1', STRIPE_WEBHOOK_SECRET: 'w' }, /STRIPE_SECRET_KEY/],
    [{ OIDC_ISSUER: 'https://id.example' }, /OIDC_CLIENT_ID/],
    [{ S3_BUCKET: 'docs' }, /S3_ENDPOINT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ QA_SAMPLE_PERCENT: '101' }, /QA_SAMPLE_PERCENT/],
    [{ QA_SAMPLE_PERCENT: '-1' }, /QA_SAMPLE_PERCENT/],
    [{ QA_SAMPLE_PERCENT: 'abc' }, /QA_SAMPLE_PERCENT/],
    [{ QA_SAMPLE_PERCENT: '12.5' }, /QA_SAMPLE_PERCENT/],
    [{ QA_SAMPLE_PERCENT: '' }, /QA_SAMPLE_PERCENT/],
  ])('refuses %j with a message naming the variable', (env, name) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(name);
  });

  it('parses the admin list and the optional groups', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Boss@Example.com , ops@example.com ',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PUBLIC_URL: 'https://humanproof.example/',
    });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.stripe?.secretKey).toBe('sk_test_1');
    expect(config.PUBLIC_URL).toBe('https://humanproof.example');
  });

  it('generates a session secret once and keeps it under DATA_DIR', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-env-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveSessionSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(resolveSessionSecret(loadConfig({ DATA_DIR: dir }))).toBe(first);
    expect(resolveSessionSecret(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40) }))).toBe('x'.repeat(40));
  });
});
