import { defineConfig } from 'vitest/config';
import path from 'node:path';
import react from '@vitejs/plugin-react';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'shared'),
      '@client': path.resolve(import.meta.dirname, 'client'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test-support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        extends: true,
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: ['client/test-setup.ts'],
        },
      },
    ],
  },
});
