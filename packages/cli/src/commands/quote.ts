import { computeDueDate } from '../../../../shared/due-date';
import { formatPence } from '../../../../shared/money';
import { quotePrice } from '../../../../shared/pricing';
import { SERVICE_TIERS, TIERS, type ServiceTier } from '../../../../shared/service-tiers';
import { countWords } from '../../../../shared/word-count';
import { COMMON_OPTIONS, type Command } from '../command';
import { writeJson, writeLine } from '../context';
import { EXIT, misuse } from '../errors';
import { readTextArgument } from '../input';

const USAGE = 'usage: humanproof quote <file|-> [--tier fact-checked|polished|rewritten] [--fast] [--json]';

export const quoteCommand: Command = {
  name: 'quote',
  summary: 'the price of a review (free, no key needed)',
  help: `${USAGE}

The price and due date of a review of the text in <file> (or standard input with -), by the site's own rule:
words × the tier's rate per word, at least £5.00, × 1.5 with --fast. Nothing is ordered and nothing is sent.

Options:
  --tier <tier>  one tier (default: all three)
  --fast         24-hour turnaround (+50%)
  --json         print the quote(s) as JSON
  -h, --help     this help`,
  options: { ...COMMON_OPTIONS, tier: { type: 'string' }, fast: { type: 'boolean' } },
  async run(ctx, values, positionals) {
    if (positionals.length > 1) throw misuse(USAGE);
    if (values.tier !== undefined && !SERVICE_TIERS.includes(values.tier as ServiceTier)) {
      throw misuse(`--tier must be one of ${SERVICE_TIERS.join(', ')}, not ${JSON.stringify(values.tier)}\n${USAGE}`);
    }
    const text = await readTextArgument(ctx, positionals[0], USAGE);
    const fast = values.fast === true;
    const wordCount = countWords(text);
    const dueDate = computeDueDate(new Date(), fast).toISOString();
    const tiers = values.tier ? [values.tier as ServiceTier] : [...SERVICE_TIERS];
    const quotes = tiers.map((tier) => {
      const price = quotePrice(wordCount, tier, fast);
      return { tier, wordCount, fastTurnaround: fast, ratePence: TIERS[tier].ratePence, pricePence: price.totalPence, price: formatPence(price.totalPence), minimumApplied: price.minimumApplied, dueDate };
    });
    if (values.json) writeJson(ctx, values.tier ? quotes[0] : quotes);
    else {
      writeLine(ctx.stdout, `${wordCount.toLocaleString('en-GB')} words${fast ? ', fast turnaround' : ''}, due by ${dueDate.replace('T', ' ').slice(0, 16)} UTC if ordered now:`);
      for (const q of quotes) writeLine(ctx.stdout, `  ${TIERS[q.tier].label.padEnd(13)} ${q.price.padStart(10)}${q.minimumApplied ? ' (the minimum charge)' : ''}`);
    }
    return EXIT.done;
  },
};
