/** The import boundaries hold: ESLint (the project's own config) refuses a file that crosses one. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

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
    ['server/mail/templates/x.ts', "import { tierLabel } from '../../features/submissions';"],
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
