import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { COMMON_OPTIONS, ENVIRONMENT_HELP, type Command } from '../command';
import { accountClient, siteClient } from '../context';
import { EXIT, misuse } from '../errors';
import { createHumanProofMcpServer, TOOL_NAMES } from '../mcp/tools';

const USAGE = 'usage: humanproof mcp';

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'serve the HumanProof tools to an AI agent (MCP over stdio)',
  help: `${USAGE}

A Model Context Protocol server on standard input and output, for an AI agent's client to start. Its tools:
${TOOL_NAMES.map((n) => `  ${n}`).join('\n')}
estimate_price and verify_certificate need no key; the others act as the key's account (submit_for_review
spends its prepaid credit). The same tools are served over HTTP at <HUMANPROOF_URL>/mcp with the key as a
Bearer token.

Options:
  -h, --help   this help

${ENVIRONMENT_HELP}`,
  options: { help: COMMON_OPTIONS.help! },
  async run(ctx, _values, positionals) {
    if (positionals.length > 0) throw misuse(USAGE);
    const account = ctx.config.apiKey ? accountClient(ctx) : null;
    const server = createHumanProofMcpServer(
      { account, site: siteClient(ctx), noKeyMessage: 'This tool needs an API key: set HUMANPROOF_API_KEY (Settings → API keys) in the MCP client’s configuration of humanproof.' },
      ctx.version,
    );
    const transport = new StdioServerTransport(ctx.stdin, ctx.stdout);
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
      ctx.stdin.once('end', () => void transport.close());
    });
    await server.connect(transport);
    ctx.stderr.write(`humanproof MCP server on stdio for ${ctx.config.baseUrl}${account ? '' : ' (no API key: estimate_price and verify_certificate only)'}\n`);
    await closed;
    return EXIT.done;
  },
};
