/**
 * The boundaries hold: ESLint (the project's own config) refuses a file that crosses one: an import across layers or
 * features, an API call or address in a component, a query key outside the factory, a component over 300 lines.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function messagesOf(file: string, code: string, rules: readonly string[]): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId !== null && rules.includes(m.ruleId)).map((m) => m.message);
}

const restrictedImports = (file: string, code: string) => messagesOf(file, code, ['no-restricted-imports']);

describe('import boundaries', () => {
  it.each([
    ['client/features/admin/x.tsx', "import { MessagesPanel } from '@client/features/messages/messages-panel';"],
    ['client/features/checkout/x.tsx', "import { SubmissionList } from '../dashboard/submission-list';"],
    ['client/features/public-site/components/x.tsx', "import { SubmissionList } from '../../dashboard/submission-list';"],
    ['client/components/layout/x.tsx', "import { RequireSignIn } from '@client/features/auth';"],
    ['client/lib/x.ts', "import { App } from '@client/app/app';"],
    ['client/lib/x.ts', "import { buildApp } from '../../server/app';"],
    ['server/features/contact/x.ts', "import { consumeRateLimit } from '../auth/rate-limit';"],
    ['server/app-x.ts', "import { App } from '../client/app/app';"],
    ['shared/x.ts', "import { readFileSync } from 'node:fs';"],
    ['shared/x.ts', "import { useState } from 'react';"],
    ['shared/x.ts', "import { loadConfig } from '../server/env';"],
    // The layers under the features import none (decision 058), not even a type.
    ['server/mail/x.ts', "import { deliveredDiff } from '../features/delivery-diff';"],
    ['server/mail/templates/x.ts', "import { tierLabel } from '../../features/customer-orders';"],
    ['server/plugins/x.ts', "import { authenticateApiKey } from '../features/api-keys';"],
    ['server/lib/x.ts', "import type { Auth } from '../features/auth/better-auth';"],
    ['server/db/x.ts', "import { transition } from '../features/orders';"],
    ['server/jobs/x.ts', "import { webhookDeliveryJob } from '../features/webhooks';"],
    // The order lifecycle is a leaf: no other feature, and of the server only db/ and lib/.
    ['server/features/orders/x.ts', "import { enqueueStatusEvent } from '../webhooks';"],
    ['server/features/orders/x.ts', "import type { FeatureContext } from '../context';"],
    ['server/features/orders/x.ts', "import type { MailSettings } from '../../mail/settings';"],
    ['server/features/orders/x.ts', "import { QUEUES } from '../../jobs/queues';"],
    ['server/features/orders/x.ts', "import type { Config } from '../../env';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toHaveLength(1);
  });

  it.each([
    ['client/features/admin/x.tsx', "import { MessagesPanel } from '@client/features/messages';"],
    ['client/features/admin/x.tsx', "import { QueueTable } from '@client/features/admin/queue-table';"],
    ['client/features/checkout/x.tsx', "import { SubmissionList } from '../dashboard';"],
    ['client/features/checkout/x.tsx', "import { useCheckout } from './api/checkout';"],
    ['client/features/public-site/components/x.tsx', "import { useHealth } from '../api/get-health';"],
    ['client/features/public-site/components/x.tsx', "import { Button } from '../../../components/ui/button';"],
    ['server/features/contact/x.ts', "import { consumeRateLimit } from '../auth';"],
    ['server/features/contact/x.ts', "import { HttpError } from '../../lib/http-error';"],
    ['shared/x.ts', "import { z } from 'zod';"],
    ['server/mail/x.ts', "import { newId } from '../lib/ids';"],
    ['server/plugins/x.ts', "import type { Database } from '../db/client';"],
    ['server/features/orders/x.ts', "import { submissions } from '../../db/schema';"],
    ['server/features/orders/x.ts', "import { conflict } from '../../lib/http-error';"],
    ['server/features/orders/x.ts', "import { canMove } from '../../../shared/submission-status';"],
    ['server/features/orders/x.ts', "import { publishOrderEvent } from './order-events';"],
    ['server/features/orders/x.ts', "import { and, eq } from 'drizzle-orm';"],
    ['server/features/webhooks/x.ts', "import type { OrderEventConsumer } from '../orders';"],
  ])('%s may: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});

const API_RULES = ['no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax'];

describe('a component does not call the API (decision 017)', () => {
  it.each([
    ['client/features/admin/x.tsx', "export const load = () => fetch('/healthz');"],
    ['client/features/admin/x.tsx', "export const load = () => window.fetch('/healthz');"],
    ['client/features/admin/x.tsx', "export const load = (url: string) => globalThis.fetch(url);"],
    ['client/features/admin/x.tsx', "import { z } from 'zod';\nimport { apiJson } from '@client/lib/api';\nexport const load = (url: string) => apiJson(z.unknown(), 'GET', url);"],
    ['client/features/admin/x.tsx', "import { apiRequest } from '@client/lib/api';\nexport const drop = (url: string) => apiRequest('DELETE', url);"],
    ['client/features/admin/x.tsx', "export const links = (id: string) => `/api/admin/submissions/${id}/links`;"],
    ['client/features/settings/x.tsx', 'export const Export = () => <a href="/api/account/export">Download</a>;'],
    ['client/components/layout/x.tsx', "export const LOGOUT = '/api/logout';"],
    ['client/features/public-site/components/x.tsx', 'export const Newsletter = () => <form action={`/api/newsletter`} />;'],
  ])('%s may not: %s', async (file, code) => {
    expect(await messagesOf(file, `${code}\n`, API_RULES)).toHaveLength(1);
  });

  it.each([
    ['client/features/admin/api/x.tsx', "export const load = () => fetch('/api/admin/jobs');"],
    ['client/features/admin/x.tsx', "import { useLinkChecks } from './api/workspace-panels';\nexport { useLinkChecks };"],
    ['client/features/admin/x.tsx', 'export const again = (query: { refetch: () => void }) => query.refetch();'],
    ['client/features/admin/x.tsx', "export const path = (id: string) => `/admin/orders/${id}`;"],
    ['client/features/admin/x.test.tsx', "export const stub = (answer: Response) => { globalThis.fetch = async () => answer; return '/api/x'; };"],
    ['client/lib/x.ts', "export const load = () => fetch('/api/auth/user');"],
  ])('%s may: %s', async (file, code) => {
    expect(await messagesOf(file, `${code}\n`, API_RULES)).toEqual([]);
  });
});

describe('query keys come from client/lib/query-keys.ts (decision 017)', () => {
  it.each([
    ['client/features/team/api/x.ts', "export const options = (token: string) => ({ queryKey: ['team-invitation', token] });"],
    ['client/features/dashboard/api/x.ts', "import { queryKeys } from '@client/lib/query-keys';\nexport const options = { queryKey: [...queryKeys.submissions.all, 'summary'] as const };"],
    ['client/features/admin/x.tsx', "export const options = { queryKey: ['links'] satisfies unknown[] };"],
  ])('%s may not: %s', async (file, code) => {
    expect(await messagesOf(file, `${code}\n`, ['no-restricted-syntax'])).toHaveLength(1);
  });

  it.each([
    ['client/features/team/api/x.ts', "import { queryKeys } from '@client/lib/query-keys';\nexport const options = (token: string) => ({ queryKey: queryKeys.invitations.team(token) });"],
    ['client/lib/query-keys.ts', "export const options = { queryKey: ['current-user'] };"],
  ])('%s may: %s', async (file, code) => {
    expect(await messagesOf(file, `${code}\n`, ['no-restricted-syntax'])).toEqual([]);
  });
});

describe('a client component holds at most 300 lines of code', () => {
  const component = (codeLines: number, extra = '') =>
    `${extra}export const Long = () => (\n  <div>\n${'    <p>line</p>\n'.repeat(codeLines - 4)}  </div>\n);\n`;

  it('refuses 301 lines of code', async () => {
    expect(await messagesOf('client/features/admin/x.tsx', component(301), ['max-lines'])).toHaveLength(1);
  });

  it('does not count blank lines and comments, and leaves tests alone', async () => {
    const explained = component(300, '/**\n * Why it is so.\n */\n\n'.repeat(40));
    expect(await messagesOf('client/features/admin/x.tsx', explained, ['max-lines'])).toEqual([]);
    expect(await messagesOf('client/features/admin/x.test.tsx', component(400), ['max-lines'])).toEqual([]);
  });
});

describe('one confirmation dialog', () => {
  it.each([
    ['client/features/team/x.tsx', "export const sure = (name: string) => window.confirm(`Remove ${name}?`);"],
    ['client/features/team/x.tsx', "export const sure = () => confirm('Remove?');"],
  ])('%s may not: %s', async (file, code) => {
    expect(await messagesOf(file, `${code}\n`, ['no-restricted-globals', 'no-restricted-properties'])).toHaveLength(1);
  });
});
