import { createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SUPPORT_CONTACT } from '../shared/brand';
import { normaliseVatNumber } from '../shared/billing-documents.schema';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  SESSION_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAILS: z.string().default(''),
  TRUST_PROXY: z.string().trim().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  OIDC_ISSUER: optional.pipe(httpUrl.optional()),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  OIDC_SCOPES: z.string().default('openid email profile'),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Only for tests: send Stripe API calls to a local fake (http://127.0.0.1:PORT). */
  STRIPE_API_URL: optional.pipe(httpUrl.optional()),
  SMTP_URL: optional.pipe(
    z.string().refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://').optional(),
  ),
  MAIL_FROM: z.string().trim().default('HumanProof <no-reply@humanproof.example>'),
  S3_ENDPOINT: optional.pipe(httpUrl.optional()),
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  SUPPORT_EMAIL: z.string().trim().pipe(z.email()).default(DEFAULT_SUPPORT_CONTACT.email),
  SUPPORT_PHONE: z.string().trim().min(1).default(DEFAULT_SUPPORT_CONTACT.phone),
  SUPPORT_ADDRESS: z.string().trim().min(1).default(DEFAULT_SUPPORT_CONTACT.address),
  /**
   * Our VAT registration number (decision 044): set, prices are VAT-inclusive at the standard rate and payments get
   * VAT invoices; unset, receipts that say no VAT is charged. GB and 9 or 12 digits; spaces are dropped.
   */
  VAT_NUMBER: optional.pipe(
    z
      .string()
      .refine((v) => normaliseVatNumber(v) !== null, 'must be GB followed by 9 or 12 digits, e.g. GB 123 4567 89')
      .transform((v) => normaliseVatNumber(v)!)
      .optional(),
  ),
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  /**
   * The share of completed reviews (0–100, in whole percent) a second reviewer signs off before delivery (decision
   * 073). 0 turns the sign-off off; 100 samples every order.
   */
  QA_SAMPLE_PERCENT: z
    .string()
    .trim()
    .default('10')
    .pipe(z.string().regex(/^\d{1,3}$/, 'must be a whole number from 0 to 100').transform(Number))
    .pipe(z.number().max(100, 'must be a whole number from 0 to 100')),
  /** Public API (decision 024): requests per API key per minute. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Public API (issue 29): requests per account per minute, over all of its API keys together. */
  API_ACCOUNT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(240),
  /**
   * GET /metrics (Prometheus) answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, there is no such route
   * (decision 028).
   */
  /**
   * The Ed25519 key that signs certificates of human review (decision 033): PKCS#8 PEM (line breaks may be written
   * as \\n) or its base64 DER on one line. Unset: one is generated into DATA_DIR. Several instances share it here.
   */
  CERT_SIGNING_KEY: optional.pipe(
    z
      .string()
      .refine((v) => parseEd25519PrivateKey(v) !== null, 'must be an Ed25519 private key (PKCS#8 PEM or base64 DER)')
      .optional(),
  ),
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** OpenTelemetry traces go to this OTLP/HTTP collector when set (decision 028); off otherwise. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional.pipe(httpUrl.optional()),
  /** Webhook deliveries (decision 025): whether this instance runs the webhooks.deliver job (decision 031). */
  WEBHOOK_WORKER: z.enum(['on', 'off']).default('on'),
  /**
   * Tests and local examples only: let webhooks go to http:// on loopback (127.0.0.0/8, ::1). Off by default; every
   * other private, link-local or loopback address is refused whatever this says.
   */
  WEBHOOKS_ALLOW_LOOPBACK: z.enum(['0', '1']).default('0'),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Config extends Omit<RawEnv, 'ADMIN_EMAILS' | 'TRUST_PROXY' | 'S3_FORCE_PATH_STYLE'> {
  PUBLIC_URL: string;
  DATA_DIR: string;
  adminEmails: string[];
  /**
   * Which proxies may tell us the client's address in X-Forwarded-For: none (false), every hop (true), or the
   * listed addresses, CIDR ranges and proxy-addr names (the client is the right-most address not listed).
   */
  trustProxy: boolean | string[];
  s3ForcePathStyle: boolean;
  oidc: { issuer: string; clientId: string; clientSecret: string; scopes: string[] } | null;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string } | null;
  s3: {
    endpoint: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    region: string;
    forcePathStyle: boolean;
  } | null;
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(value: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (default), `true` (every hop: only behind a proxy that replaces X-Forwarded-For, since
 * the left-most entry is the client's own claim), or the load balancers' addresses, e.g. `10.0.0.0/8` or
 * `loopback`, which stay right even when the load balancer appends to a header the client sent.
 */
function parseTrustProxy(raw: string): boolean | string[] {
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  const list = raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const bad = list.find((v) => !isProxyAddress(v));
  if (bad !== undefined || list.length === 0) {
    throw new ConfigError(
      `Invalid environment variable TRUST_PROXY: "${bad ?? raw}" is not true, false, an IP address, a CIDR range, loopback, linklocal or uniquelocal`,
    );
  }
  return list;
}

/** All-or-nothing groups: naming the first missing variable makes a half-configured group obvious. */
function requireGroup(env: RawEnv, names: (keyof RawEnv)[], what: string): boolean {
  const set = names.filter((n) => env[n] !== undefined);
  if (set.length === 0) return false;
  const missing = names.filter((n) => env[n] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(`${missing[0]} is required when ${set[0]} is set (${what} needs ${names.join(', ')})`);
  }
  return true;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const env = parsed.data;
  const hasOidc = requireGroup(env, ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'], 'OpenID Connect');
  const hasStripe = requireGroup(
    env,
    ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
    'Stripe',
  );
  const hasS3 = requireGroup(
    env,
    ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    'S3 storage',
  );
  if (env.WEBHOOKS_ALLOW_LOOPBACK === '1' && env.NODE_ENV === 'production') {
    throw new ConfigError('WEBHOOKS_ALLOW_LOOPBACK=1 is for tests and local examples only, never NODE_ENV=production');
  }
  if (hasStripe && !/^sk_/.test(env.STRIPE_SECRET_KEY!)) {
    throw new ConfigError('Invalid environment variable STRIPE_SECRET_KEY: must start with sk_');
  }
  if (hasStripe && !/^pk_/.test(env.STRIPE_PUBLISHABLE_KEY!)) {
    throw new ConfigError('Invalid environment variable STRIPE_PUBLISHABLE_KEY: must start with pk_');
  }
  const adminEmails = env.ADMIN_EMAILS.split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of adminEmails) {
    if (!z.email().safeParse(email).success) {
      throw new ConfigError(`Invalid environment variable ADMIN_EMAILS: "${email}" is not an e-mail address`);
    }
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const s3ForcePathStyle = env.S3_FORCE_PATH_STYLE === 'true';
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.resolve(env.DATA_DIR),
    adminEmails,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    s3ForcePathStyle,
    oidc: hasOidc
      ? {
          issuer: env.OIDC_ISSUER!.replace(/\/+$/, ''),
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET!,
          scopes: env.OIDC_SCOPES.split(/\s+/).filter(Boolean),
        }
      : null,
    stripe: hasStripe
      ? {
          secretKey: env.STRIPE_SECRET_KEY!,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
        }
      : null,
    s3: hasS3
      ? {
          endpoint: env.S3_ENDPOINT!,
          bucket: env.S3_BUCKET!,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          region: env.S3_REGION,
          forcePathStyle: s3ForcePathStyle,
        }
      : null,
  };
}

/**
 * The session secret: SESSION_SECRET when set, else one generated on first start and kept in
 * DATA_DIR/session-secret so a restart keeps everyone signed in. Several instances must share
 * SESSION_SECRET explicitly.
 */
export function resolveSessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.DATA_DIR, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** An Ed25519 private key from PKCS#8 PEM (real or escaped line breaks) or base64 DER; null when it is not one. */
export function parseEd25519PrivateKey(value: string): KeyObject | null {
  try {
    const text = value.trim().replace(/\\n/g, '\n');
    const key = text.startsWith('-----BEGIN')
      ? createPrivateKey({ key: text, format: 'pem' })
      : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}
