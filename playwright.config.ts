import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL as baseURL, E2E_PORT as port } from './e2e/env';
import { CHROMIUM_FLAGS } from './scripts/lib/chromium-flags.mjs';

export default defineConfig({
  testDir: 'e2e',
  outputDir: `.tmp/test-results-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // No retries, in CI either: a test that passes only on retry is a failing test (decision 027).
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
