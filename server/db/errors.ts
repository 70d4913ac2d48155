/** A database problem at start-up, described in one line that names the variable to look at. */
export class DatabaseStartupError extends Error {
  override name = 'DatabaseStartupError';
}

interface CodedError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The error and its causes (Drizzle wraps the driver's error in DrizzleQueryError), outermost first. */
export function errorChain(err: unknown): CodedError[] {
  const chain: CodedError[] = [];
  let current: unknown = err;
  while (current && typeof current === 'object' && chain.length < 8) {
    chain.push(current as CodedError);
    current = (current as CodedError).cause;
  }
  return chain;
}

/**
 * PostgreSQL SQLSTATEs that mean "busy or unreachable, try again" rather than "this request is wrong":
 * statement timeout or cancel, lock timeout, serialization failure and deadlock, too many connections,
 * server shutting down or starting, and the whole connection-exception class (08).
 */
const RETRYABLE_SQLSTATES = new Set(['57014', '55P03', '40001', '40P01', '53300', '57P01', '57P02', '57P03']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** pg and pg-pool raise these as plain Errors without a code. */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout expired',
];

/** True when a failed query should become a 503 with Retry-After: the database is slow, locked or away. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return errorChain(err).some(({ code, message }) => {
    if (typeof code === 'string' && (RETRYABLE_SQLSTATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code))) {
      return true;
    }
    return typeof message === 'string' && DRIVER_MESSAGES.includes(message);
  });
}

/** "host:port/database" of a connection string, never its password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/** One line for a connection that failed at start-up. */
export function describeConnectError(err: unknown, url: string): string {
  const where = describeDatabaseUrl(url);
  const first = errorChain(err).find((e) => typeof e.code === 'string') ?? (err as CodedError);
  const code = typeof first?.code === 'string' ? first.code : '';
  const message = typeof first?.message === 'string' ? first.message : String(err);
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused (is PostgreSQL running there?)',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host name could not be resolved',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ETIMEDOUT: 'connection timed out',
    ECONNRESET: 'the server closed the connection',
    '28P01': 'login refused (wrong user name or password)',
    '28000': 'login refused',
    '3D000': 'the database does not exist',
  };
  const reason =
    reasons[code] ??
    (/timeout/i.test(message) ? 'no answer within 5 s' : /terminated/i.test(message) ? 'the server closed the connection' : message);
  return `DATABASE_URL: cannot connect to PostgreSQL at ${where}: ${reason}${code ? ` (${code})` : ''}`;
}
