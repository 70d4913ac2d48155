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
  ])('%s may: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});
