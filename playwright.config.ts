import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL as baseURL, E2E_PORT as port } from './e2e/env';
import { CHROMIUM_FLAGS } from './scripts/lib/chromium-flags.mjs';

/**
 * Debian's Chromium in its headless shell build (package chromium-headless-shell: the same Blink engine and version
 * as /usr/bin/chromium, without the browser's own UI), which is what Playwright itself runs headless by default. On
 * a 2-core machine it took 37% less CPU than the full browser for the same tests (decision 039). The full browser
 * is the fallback; CHROMIUM_PATH picks another binary.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  outputDir: `.tmp/test-results-${port}`,
  // A guard against a hang, not a measure: two browsers and the app share two cores, CI machines are shared too (a
  // run has taken three times as long as on an idle machine), and /check-now's form arrives only after hydration
  // (issue 25 puts it in the HTML). A test that needs more says so itself.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // No retries, in CI either: a test that passes only on retry is a failing test (decision 027).
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // `npm test` also asks for the JSON report (PLAYWRIGHT_JSON_OUTPUT_FILE), which its failure summary reads.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [...CHROMIUM_FLAGS, '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...(process.env as Record<string, string>), PORT: String(port) },
  },
});
