import { CATEGORIES, ENGLISH_VARIANTS } from '../../../../shared/categories';
import { formatPence } from '../../../../shared/money';
import { SERVICE_TIERS } from '../../../../shared/service-tiers';
import type { OrderInput } from '../../../sdk/src';
import { COMMON_OPTIONS, ENVIRONMENT_HELP, type Command } from '../command';
import { accountClient, writeJson, writeLine } from '../context';
import { EXIT, misuse } from '../errors';
import { describeOrder } from '../format';
import { readTextArgument, writeOut } from '../input';
import { waitForReview } from '../wait';

const USAGE = 'usage: humanproof submit <file|-> --tier fact-checked|polished|rewritten [--fast] [--variant british|american] [--instructions <text>] [--editor <name>] [--wait [--out <file>]] [--json]';

function oneOf<T extends string>(flag: string, value: string | boolean | undefined, allowed: readonly T[], fallback?: T): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw misuse(`--${flag} must be one of ${allowed.join(', ')}${value === undefined ? ' (required)' : `, not ${JSON.stringify(value)}`}\n${USAGE}`);
  }
  return value as T;
}

export const submitCommand: Command = {
  name: 'submit',
  summary: 'send a text for human review, paid from prepaid credit',
  help: `${USAGE}

Orders a human review of the text in <file> (or standard input with -), paid at once from the account's prepaid
credit. Check the price first with \`humanproof quote\`.

Options:
  --tier <tier>            fact-checked, polished or rewritten (required)
  --fast                   24-hour turnaround instead of 3 business days (+50%)
  --variant <variant>      british (default) or american spelling and usage
  --category <category>    ${CATEGORIES.join(', ')} (default general)
  --instructions <text>    what the editor should know
  --editor <name>          who takes editorial responsibility for the published text
  --editor-organisation <name>  their organisation (with --editor)
  --title <title>          the order's title (default: its first words)
  --wait                   wait for the review (a progress line on standard error), then print the reviewed text
  --out <file>             with --wait: write the reviewed text to <file> instead
  --json                   print the order as JSON
  -h, --help               this help

Exit code 0 when ordered (with --wait: delivered), 1 when refused (the API's message is printed), 2 on misuse.

${ENVIRONMENT_HELP}
  HUMANPROOF_POLL_SECONDS how often --wait looks at the order (default 15)`,
  options: {
    ...COMMON_OPTIONS,
    tier: { type: 'string' },
    fast: { type: 'boolean' },
    variant: { type: 'string' },
    category: { type: 'string' },
    instructions: { type: 'string' },
    editor: { type: 'string' },
    'editor-organisation': { type: 'string' },
    title: { type: 'string' },
    wait: { type: 'boolean' },
    out: { type: 'string' },
  },
  async run(ctx, values, positionals) {
    if (positionals.length > 1) throw misuse(`One text at a time.\n${USAGE}`);
    const serviceTier = oneOf('tier', values.tier, SERVICE_TIERS);
    const englishVariant = oneOf('variant', values.variant, ENGLISH_VARIANTS, 'british');
    const category = oneOf('category', values.category, CATEGORIES, 'general');
    if (values.out !== undefined && !values.wait) throw misuse(`--out writes the reviewed text, so it needs --wait.\n${USAGE}`);
    if (values['editor-organisation'] !== undefined && values.editor === undefined) throw misuse(`--editor-organisation goes with --editor <name>.\n${USAGE}`);
    const editor = typeof values.editor === 'string' ? values.editor.trim() : undefined;
    if (editor === '') throw misuse('--editor needs a name.');
    const hp = accountClient(ctx);
    const content = await readTextArgument(ctx, positionals[0], USAGE);

    // editorialResponsibility goes only when given; an API whose OrderInput lacks it drops it (zod strips unknown keys).
    const body: OrderInput & { editorialResponsibility?: { name: string; organisation?: string } } = {
      content,
      serviceTier,
      category,
      englishVariant,
      fastTurnaround: values.fast === true,
      ...(typeof values.instructions === 'string' ? { instructions: values.instructions } : {}),
      ...(typeof values.title === 'string' ? { title: values.title } : {}),
      ...(editor
        ? { editorialResponsibility: { name: editor, ...(typeof values['editor-organisation'] === 'string' ? { organisation: values['editor-organisation'] } : {}) } }
        : {}),
    };
    const order = await hp.createOrder(body);
    if (!values.wait) {
      if (values.json) writeJson(ctx, order);
      else {
        writeLine(ctx.stdout, order.id);
        writeLine(ctx.stderr, `Ordered ${order.id}: ${formatPence(order.pricePence)} paid from credit${order.dueDate ? `, due ${order.dueDate}` : ''}.`);
      }
      return EXIT.done;
    }
    writeLine(ctx.stderr, `Ordered ${order.id}: ${formatPence(order.pricePence)} paid from credit.`);
    const done = await waitForReview(ctx, hp, order.id);
    const text = done.result?.reviewedContent ?? '';
    if (values.out !== undefined) await writeOut(String(values.out), text);
    if (values.json) writeJson(ctx, done);
    else if (values.out === undefined) ctx.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    else for (const line of describeOrder(done, hp.baseUrl)) writeLine(ctx.stderr, line);
    return EXIT.done;
  },
};
