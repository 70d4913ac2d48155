import { parseArgs } from 'node:util';
import { HumanProofError } from '../../sdk/src';
import pkg from '../package.json' with { type: 'json' };
import type { Command } from './command';
import { mcpCommand } from './commands/mcp';
import { quoteCommand } from './commands/quote';
import { resultCommand } from './commands/result';
import { statusCommand } from './commands/status';
import { submitCommand } from './commands/submit';
import { verifyCommand } from './commands/verify';
import { readConfig } from './config';
import type { Context } from './context';
import { CliError, EXIT } from './errors';

export const COMMANDS: Command[] = [submitCommand, statusCommand, resultCommand, quoteCommand, verifyCommand, mcpCommand];

const HELP = `humanproof ${pkg.version}: human review of AI-written text, from a shell, a pipeline or an AI agent

usage: humanproof <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(8)} ${c.summary}`).join('\n')}

Run \`humanproof <command> --help\` for a command's options; --json gives machine output.

Examples:
  humanproof quote draft.txt --tier polished --fast
  humanproof submit draft.txt --tier polished --wait --out reviewed.txt
  humanproof status <order-id>
  humanproof result <order-id> --format docx --out reviewed.docx
  humanproof verify HP-XXXX-XXXX-XXXX-XXXX --text reviewed.txt

Exit codes: 0 done, 1 failed (refused: the API's message is printed), 2 misuse.

Environment:
  HUMANPROOF_URL          the site (default http://localhost:5000)
  HUMANPROOF_API_KEY      an API key from Settings → API keys (hp_live_…); never printed`;

type Streams = Pick<Context, 'stdin' | 'stdout' | 'stderr'>;

/** Runs the command line and answers its exit code; never throws. */
export async function main(argv: string[], env: NodeJS.ProcessEnv, streams: Streams): Promise<number> {
  const [name, ...rest] = argv;
  const say = (line: string) => streams.stderr.write(`${line}\n`);
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    streams.stdout.write(`${topic ? topic.help : HELP}\n`);
    return name === undefined ? EXIT.misuse : EXIT.done;
  }
  if (name === '--version' || name === '-v') {
    streams.stdout.write(`${pkg.version}\n`);
    return EXIT.done;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    say(`humanproof: unknown command ${JSON.stringify(name)}. Commands: ${COMMANDS.map((c) => c.name).join(', ')} (humanproof --help).`);
    return EXIT.misuse;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    say(`humanproof ${command.name}: ${error instanceof Error ? error.message : String(error)}\n${command.help.split('\n')[0]}`);
    return EXIT.misuse;
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) {
    streams.stdout.write(`${command.help}\n`);
    return EXIT.done;
  }
  try {
    const ctx: Context = { ...streams, config: readConfig(env), version: pkg.version };
    return await command.run(ctx, values, parsed.positionals);
  } catch (error) {
    if (error instanceof CliError) {
      say(`humanproof ${command.name}: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof HumanProofError) {
      // The API's own words (a problem's detail), and the problem itself for machines.
      if (values.json) streams.stdout.write(`${JSON.stringify({ error: error.problem }, null, 2)}\n`);
      say(`humanproof ${command.name}: ${error.status ? 'refused' : 'failed'}: ${error.detail}`);
      return EXIT.failed;
    }
    say(`humanproof ${command.name}: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}
