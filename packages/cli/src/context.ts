import type { Readable, Writable } from 'node:stream';
import { HumanProof } from '../../sdk/src';
import { requireKey, type Config } from './config';

/** What a command runs with: its streams (so tests and the MCP command can own them) and the configuration. */
export interface Context {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  config: Config;
  version: string;
}

export const USER_AGENT = (version: string) => `humanproof-cli/${version}`;

/** The API as the key's owner (HUMANPROOF_API_KEY is required: misuse without it). */
export function accountClient(ctx: Context): HumanProof {
  return new HumanProof({ baseUrl: ctx.config.baseUrl, apiKey: requireKey(ctx.config), userAgent: USER_AGENT(ctx.version) });
}

/** The API without a key: certificates and the published keys. */
export function siteClient(ctx: Context): HumanProof {
  return new HumanProof({ baseUrl: ctx.config.baseUrl, userAgent: USER_AGENT(ctx.version) });
}

export function writeLine(stream: Writable, line = ''): void {
  stream.write(`${line}\n`);
}

export function writeJson(ctx: Context, value: unknown): void {
  writeLine(ctx.stdout, JSON.stringify(value, null, 2));
}
