import type { ParseArgsConfig } from 'node:util';
import type { Context } from './context';

export type Options = NonNullable<ParseArgsConfig['options']>;

/** One subcommand: its flags (parsed strictly by node:util parseArgs), its help text and what it does. */
export interface Command {
  name: string;
  summary: string;
  /** The whole `--help` text. */
  help: string;
  options: Options;
  /** Answers the exit code; throws CliError (or HumanProofError: exit 1 with the API's message). */
  run: (ctx: Context, values: Record<string, string | boolean | undefined>, positionals: string[]) => Promise<number>;
}

/** Every command takes these. */
export const COMMON_OPTIONS: Options = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export const ENVIRONMENT_HELP = `Environment:
  HUMANPROOF_URL          the site (default http://localhost:5000)
  HUMANPROOF_API_KEY      an API key from Settings → API keys (hp_live_…); never printed`;
