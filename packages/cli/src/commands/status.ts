import { COMMON_OPTIONS, ENVIRONMENT_HELP, type Command } from '../command';
import { accountClient, writeJson, writeLine } from '../context';
import { EXIT, misuse } from '../errors';
import { describeOrder } from '../format';

const USAGE = 'usage: humanproof status <order-id> [--json]';

export const statusCommand: Command = {
  name: 'status',
  summary: 'where an order stands',
  help: `${USAGE}

Where the order stands (paid, in review, completed…), its price, when it is due and, once delivered, its
certificate of human review.

Options:
  --json       print the order as JSON (with the reviewed text once completed)
  -h, --help   this help

${ENVIRONMENT_HELP}`,
  options: { ...COMMON_OPTIONS },
  async run(ctx, values, positionals) {
    const [id, ...extra] = positionals;
    if (!id || extra.length > 0) throw misuse(USAGE);
    const hp = accountClient(ctx);
    const order = await hp.getOrder(id);
    if (values.json) writeJson(ctx, order);
    else for (const line of describeOrder(order, hp.baseUrl)) writeLine(ctx.stdout, line);
    return EXIT.done;
  },
};
