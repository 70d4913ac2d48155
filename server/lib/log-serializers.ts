/**
 * Errors as they may appear in logs. Pino's standard serializer copies every enumerable property, and a
 * Drizzle query error carries the query's parameters (passwords' hashes, message text, e-mail addresses) in
 * both `params` and its message; a PostgreSQL error repeats values in `detail` (and in the message of a data
 * exception). Only what identifies the failure is kept: type, message without values, code, SQL text without
 * parameters, table/column/constraint, stack, and the cause, treated the same way.
 */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  query?: string;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  syscall?: string;
  cause?: SerializedError;
}

const SAFE_STRING_FIELDS = ['severity', 'schema', 'table', 'column', 'constraint', 'routine', 'syscall'] as const;
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;

/** A log message without the `params: ...` tail Drizzle appends to a failed query's message. */
export function withoutQueryParams(message: string): string {
  return message.replace(PARAMS_IN_MESSAGE, '');
}

function safeMessage(err: Record<string, unknown>): string {
  const message = typeof err.message === 'string' ? err.message : String(err);
  const withoutParams = withoutQueryParams(message);
  // Data exceptions (SQLSTATE class 22) quote the offending value: `invalid input syntax for type uuid: "..."`.
  if (typeof err.code === 'string' && err.code.startsWith('22')) return withoutParams.replace(/"[\s\S]*"/g, '"[redacted]"');
  return withoutParams;
}

/** The stack's frames under the safe message (V8 starts a stack with the whole original message). */
function safeStack(stack: unknown, heading: string): string {
  if (typeof stack !== 'string') return heading;
  const frames = stack.indexOf('\n    at ');
  return frames >= 0 ? `${heading}${stack.slice(frames)}` : heading;
}

export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!value || typeof value !== 'object') return { type: typeof value, message: String(value), stack: '' };
  const err = value as Record<string, unknown>;
  const message = safeMessage(err);
  const type = (value as { constructor?: { name?: string } }).constructor?.name ?? 'Error';
  const out: SerializedError = { type, message, stack: safeStack(err.stack, `${type}: ${message}`) };
  if (typeof err.code === 'string' || typeof err.code === 'number') out.code = err.code;
  if (typeof err.statusCode === 'number') out.statusCode = err.statusCode;
  if (typeof err.query === 'string') out.query = err.query;
  for (const field of SAFE_STRING_FIELDS) {
    if (typeof err[field] === 'string') out[field] = err[field];
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}
