import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { HumanProofError, type HumanProof, type Order, type OrderInput } from '../../../sdk/src';
import { v1OrderInputSchema } from '../../../../shared/api-v1.schema';
import { ENGLISH_VARIANTS } from '../../../../shared/categories';
import { computeDueDate } from '../../../../shared/due-date';
import { formatPence } from '../../../../shared/money';
import { quotePrice } from '../../../../shared/pricing';
import { TIERS } from '../../../../shared/service-tiers';
import { countWords } from '../../../../shared/word-count';
import { verifyCertificate } from '../verify-certificate';

/**
 * The HumanProof tools for AI agents (issue 46), one definition for both transports: `humanproof mcp` over stdio
 * (calls the API over HTTP with HUMANPROOF_API_KEY) and POST /mcp on the app (server/features/mcp: calls the app's own
 * /api/v1 in-process with the caller's key). Every call goes through /api/v1, so scopes, validation, prices and
 * messages are the API's; a refusal is a tool result with isError and the API's message, never a protocol error.
 */
export interface ToolBackend {
  /** The API as the key's owner, or null when no key is configured (the tools that need one say so). */
  account: HumanProof | null;
  /** The API without a key: certificates and published keys. */
  site: HumanProof;
  /** Said when a tool needs a key and none is configured. */
  noKeyMessage: string;
}

export const TOOL_NAMES = ['estimate_price', 'submit_for_review', 'get_order', 'get_reviewed_text', 'verify_certificate'] as const;

const order = v1OrderInputSchema.shape;
const tierList = Object.values(TIERS)
  .map((t) => `${t.id} ${formatPence(t.ratePence)}/word (${t.summary})`)
  .join('; ');
const PRICE_RULE = `Price: max(£5.00, words × rate), × 1.5 with fastTurnaround (24 hours instead of 3 business days). Rates: ${tierList}.`;

function result(data: Record<string, unknown>, summary: string): CallToolResult {
  return { content: [{ type: 'text', text: `${summary}\n\n${JSON.stringify(data, null, 2)}` }], structuredContent: data };
}

function refusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The API's problem as the agent reads it: its detail, and what a 402 adds (how much credit is missing). */
function problemText(error: HumanProofError): string {
  const p = error.problem;
  const parts = [p.detail];
  if (typeof p.shortfallPence === 'number') {
    parts.push(`Short by ${formatPence(p.shortfallPence)} (balance ${formatPence(Number(p.balancePence ?? 0))}, price ${formatPence(Number(p.pricePence ?? 0))}). Credit is bought in Settings → API keys.`);
  }
  if (p.status && p.status !== 0) parts.push(`(HTTP ${p.status}${p.instance ? `, ${p.instance}` : ''})`);
  return parts.join(' ');
}

/** Runs a tool; a refusal from the API (or no answer) becomes the tool's error result. */
async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HumanProofError) return refusal(problemText(error));
    throw error;
  }
}

function orderView(o: Order) {
  return {
    orderId: o.id,
    title: o.title,
    status: o.status,
    tier: o.serviceTier,
    wordCount: o.wordCount,
    pricePence: o.pricePence,
    price: formatPence(o.pricePence),
    fastTurnaround: o.fastTurnaround,
    createdAt: o.createdAt,
    dueAt: o.dueDate,
    completedAt: o.completedAt,
    certificateCode: o.result?.certificateCode ?? null,
    reviewedTextReady: o.status === 'completed' && !!o.result?.reviewedContent,
  };
}

export function createHumanProofMcpServer(backend: ToolBackend, version: string): McpServer {
  /** A tool that needs the account's key: refused (not a crash) without one, and guarded like every call. */
  const withAccount = (run: (hp: HumanProof) => Promise<CallToolResult>) =>
    guarded(async () => (backend.account ? run(backend.account) : refusal(backend.noKeyMessage)));
  const orderIdInput = { orderId: z.string().trim().min(1).max(64).describe('The orderId submit_for_review returned') };
  const server = new McpServer(
    { name: 'humanproof', title: 'HumanProof', version },
    {
      instructions:
        'HumanProof has human editors review AI-written text (fact-checking, polishing or rewriting) and certifies the result. ' +
        'Use estimate_price first (free), then submit_for_review only when the user has agreed to the price: it spends their prepaid credit. ' +
        'A review takes up to 3 business days (24 hours with fastTurnaround); check on it with get_order and fetch the result with get_reviewed_text. ' +
        'verify_certificate checks a certificate of human review (free).',
    },
  );

  server.registerTool(
    'estimate_price',
    {
      title: 'Estimate the price of a human review',
      description: `Free, and needs no API key: the exact price and due date of a review of this text, by the site's own rule (nothing is ordered). Use it before submit_for_review to tell the user the cost. ${PRICE_RULE}`,
      inputSchema: { text: order.content, tier: order.serviceTier, fastTurnaround: z.boolean().optional().describe('24-hour turnaround (+50%)') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ text, tier, fastTurnaround }) => {
      const fast = fastTurnaround ?? false;
      const wordCount = countWords(text);
      const price = quotePrice(wordCount, tier, fast);
      const data = {
        wordCount,
        tier,
        fastTurnaround: fast,
        ratePence: TIERS[tier].ratePence,
        pricePence: price.totalPence,
        price: formatPence(price.totalPence),
        minimumApplied: price.minimumApplied,
        dueAtIfOrderedNow: computeDueDate(new Date(), fast).toISOString(),
      };
      return result(data, `${wordCount} words, ${TIERS[tier].label}${fast ? ', fast turnaround' : ''}: ${data.price}.`);
    },
  );

  server.registerTool(
    'submit_for_review',
    {
      title: 'Send a text for human review (spends prepaid credit)',
      description:
        'Orders a review of the text by a human editor and pays for it at once from the account’s prepaid credit: this costs real money (see estimate_price for the amount), so call it only when the user has asked for the review. ' +
        `Refused without enough credit (the answer says how much is missing), for a text over 3,000 words, or a key without the orders:write scope. Returns the order id, the price charged and when the review is due. ${PRICE_RULE}`,
      inputSchema: {
        text: order.content,
        tier: order.serviceTier,
        englishVariant: z.enum(ENGLISH_VARIANTS).describe('Spelling and usage the editor applies'),
        fastTurnaround: z.boolean().optional().describe('24-hour turnaround for 50% more'),
        instructions: order.instructions.describe('What the editor should know: audience, what to keep, what to check'),
        category: order.category.optional().describe('What kind of text it is (default general)'),
        editorialResponsibility: order.editorialResponsibility,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async (input) =>
      withAccount(async (hp) => {
        const body: OrderInput = {
          content: input.text,
          serviceTier: input.tier,
          category: input.category ?? 'general',
          englishVariant: input.englishVariant,
          fastTurnaround: input.fastTurnaround ?? false,
          ...(input.instructions ? { instructions: input.instructions } : {}),
          ...(input.editorialResponsibility ? { editorialResponsibility: input.editorialResponsibility } : {}),
        };
        const created = await hp.createOrder(body);
        const data = { orderId: created.id, pricePence: created.pricePence, price: formatPence(created.pricePence), dueAt: created.dueDate, status: created.status };
        return result(data, `Ordered: ${created.id}, ${data.price} paid from credit, due ${created.dueDate ?? 'once paid'}.`);
      }),
  );

  server.registerTool(
    'get_order',
    {
      title: 'Check on a review',
      description: 'Free: where a review stands (paid, in-review, completed…), its price, when it is due and, once completed, its certificate code. Use it to check on an order from submit_for_review; it does not return the texts (get_reviewed_text does).',
      inputSchema: orderIdInput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async ({ orderId }) =>
      withAccount(async (hp) => {
        const data = orderView(await hp.getOrder(orderId));
        return result(data, `Order ${data.orderId}: ${data.status}${data.dueAt && data.status !== 'completed' ? `, due ${data.dueAt}` : ''}.`);
      }),
  );

  server.registerTool(
    'get_reviewed_text',
    {
      title: 'Get the reviewed text',
      description: 'Free: the text as the human editor delivered it, with the editor’s notes and the certificate code that proves the review (verify_certificate checks it). Only for a completed order; before that it says the order’s status.',
      inputSchema: orderIdInput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async ({ orderId }) =>
      withAccount(async (hp) => {
        const o = await hp.getOrder(orderId);
        if (o.status !== 'completed' || !o.result) return refusal(`Order ${o.id} is not completed yet (status: ${o.status}${o.dueDate ? `, due ${o.dueDate}` : ''}).`);
        const code = o.result.certificateCode;
        const data = {
          orderId: o.id,
          reviewedText: o.result.reviewedContent,
          reviewerNotes: o.result.reviewerNotes,
          documentLink: o.result.documentLink,
          certificateCode: code,
          certificateUrl: code ? `${backend.site.baseUrl}/verify/${code}` : null,
        };
        return result(data, `Reviewed text of ${o.id}${code ? ` (certificate ${code})` : ''}.`);
      }),
  );

  server.registerTool(
    'verify_certificate',
    {
      title: 'Verify a certificate of human review',
      description:
        'Free, and needs no API key: checks a HumanProof certificate of human review, given its code (HP-XXXX-XXXX-XXXX-XXXX) or its JSON file (credential), against the keys HumanProof publishes, asks HumanProof whether it was revoked, and with `text` whether that text is the reviewed one. Give exactly one of code and credential.',
      inputSchema: {
        code: z.string().trim().min(1).max(64).optional().describe('The certificate code, HP-XXXX-XXXX-XXXX-XXXX'),
        credential: z.string().min(2).max(200_000).optional().describe('The certificate file’s JSON, as /api/v1/certificates/{code} answers it'),
        text: z.string().max(200_000).optional().describe('A text to compare with the reviewed text'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async ({ code, credential, text }) =>
      guarded(async () => {
        if ((code === undefined) === (credential === undefined)) return refusal('Give exactly one of code and credential.');
        const report = await verifyCertificate(backend.site, { code, credential, text });
        const data = { verified: report.verified, code: report.code, signature: report.signature, status: report.status, text: report.text, checks: report.lines, certificate: report.certificate };
        return result(data, report.verified ? `Certificate ${report.code} verified.` : `Certificate NOT verified.`);
      }),
  );

  return server;
}
