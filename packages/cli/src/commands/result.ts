import { statusLabel } from '../../../../shared/submission-status';
import { COMMON_OPTIONS, ENVIRONMENT_HELP, type Command } from '../command';
import { accountClient, writeJson, writeLine } from '../context';
import { EXIT, failed, misuse } from '../errors';
import { writeOut } from '../input';

const USAGE = 'usage: humanproof result <order-id> [--format text|docx|report] [--out <file>] [--json]';
const FORMATS = ['text', 'docx', 'report'] as const;

export const resultCommand: Command = {
  name: 'result',
  summary: 'the delivered review: text, Word file or fact-check report',
  help: `${USAGE}

The delivered review of a completed order.

Options:
  --format <format>  text: the reviewed text (default); docx: a Word file with tracked changes; report: the
                     fact-check report as a PDF
  --out <file>       write it to <file> (docx and report need --out unless standard output is redirected)
  --json             text: print { orderId, reviewedText, reviewerNotes, certificateCode } as JSON;
                     docx and report: print { orderId, format, out, bytes }
  -h, --help         this help

Exit code 0 when delivered, 1 when the order is not completed yet or refused, 2 on misuse.

${ENVIRONMENT_HELP}`,
  options: { ...COMMON_OPTIONS, format: { type: 'string' }, out: { type: 'string' } },
  async run(ctx, values, positionals) {
    const [id, ...extra] = positionals;
    if (!id || extra.length > 0) throw misuse(USAGE);
    const format = (values.format ?? 'text') as (typeof FORMATS)[number];
    if (!FORMATS.includes(format)) throw misuse(`--format must be one of ${FORMATS.join(', ')}, not ${JSON.stringify(values.format)}\n${USAGE}`);
    const out = typeof values.out === 'string' ? values.out : undefined;
    if (format !== 'text' && out === undefined && ctx.stdout.isTTY) throw misuse(`--format ${format} is a file: give --out <file>, or redirect standard output.`);
    const hp = accountClient(ctx);
    const order = await hp.getOrder(id);
    if (order.status !== 'completed' || !order.result) throw failed(`Order ${order.id} is not completed yet (status: ${statusLabel(order.status)}).`);

    if (format === 'text') {
      const text = order.result.reviewedContent ?? '';
      if (out !== undefined) await writeOut(out, text);
      if (values.json) {
        writeJson(ctx, { orderId: order.id, reviewedText: text, reviewerNotes: order.result.reviewerNotes, certificateCode: order.result.certificateCode });
      } else if (out === undefined) ctx.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      else writeLine(ctx.stderr, `Wrote the reviewed text of ${order.id} to ${out}.`);
      return EXIT.done;
    }
    const bytes = format === 'docx' ? await hp.reviewedDocx(order.id) : await hp.factCheckReport(order.id);
    if (out === undefined) {
      ctx.stdout.write(bytes);
      return EXIT.done;
    }
    await writeOut(out, bytes);
    if (values.json) writeJson(ctx, { orderId: order.id, format, out, bytes: bytes.byteLength });
    else writeLine(ctx.stderr, `Wrote ${format === 'docx' ? 'the Word file' : 'the fact-check report'} of ${order.id} to ${out} (${bytes.byteLength} bytes).`);
    return EXIT.done;
  },
};
