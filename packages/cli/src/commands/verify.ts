import { existsSync } from 'node:fs';
import { COMMON_OPTIONS, ENVIRONMENT_HELP, type Command } from '../command';
import { siteClient, writeJson, writeLine } from '../context';
import { EXIT, misuse } from '../errors';
import { readTextArgument } from '../input';
import { verifyCertificate } from '../verify-certificate';

const USAGE = 'usage: humanproof verify <code|certificate.json> [--text <file>] [--json]';

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'check a certificate of human review (and a text against it)',
  help: `${USAGE}

Checks a certificate of human review, by its code (HP-XXXX-XXXX-XXXX-XXXX) or a saved certificate file: its
signature against the keys published by HUMANPROOF_URL (never keys named by the file), whether HumanProof
says it stands or was revoked, and with --text whether that text is the reviewed one. No API key needed.

Options:
  --text <file|->  compare this text with the certified one
  --json           print the checks as JSON
  -h, --help       this help

Exit code 0 when every check passes, 1 when one fails, 2 on misuse.

${ENVIRONMENT_HELP}`,
  options: { ...COMMON_OPTIONS, text: { type: 'string' } },
  async run(ctx, values, positionals) {
    const [target, ...extra] = positionals;
    if (!target || extra.length > 0) throw misuse(USAGE);
    const isFile = existsSync(target) || target.toLowerCase().endsWith('.json');
    const credential = isFile ? await readTextArgument(ctx, target, USAGE) : undefined;
    const text = typeof values.text === 'string' ? await readTextArgument(ctx, values.text, USAGE) : undefined;
    const report = await verifyCertificate(siteClient(ctx), isFile ? { credential, text } : { code: target, text });
    if (values.json) writeJson(ctx, report);
    else {
      for (const line of report.lines) writeLine(ctx.stdout, line);
      writeLine(ctx.stdout, report.verified ? `VERIFIED: certificate ${report.code}` : 'NOT VERIFIED');
    }
    return report.verified ? EXIT.done : EXIT.failed;
  },
};
