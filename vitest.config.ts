import { defineConfig } from 'vitest/config';
import os from 'node:os';
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
    // The server tests wait on PostgreSQL, child processes and sockets much of the time: one worker per core plus
    // one keeps the cores busy (Vitest's default, cores - 1, ran them one at a time on a 2-core machine). One
    // setting for both projects: Vitest runs projects with different worker counts only in separate groups.
    maxWorkers: Math.max(2, os.availableParallelism() + 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'packages/*/*.test.ts'],
          globalSetup: ['server/test-support/global-setup.ts'],
          // A guard against a hang, not a measure of speed: generous, since a busy 2-core machine runs three files at once.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker, shared by the files it runs (decision 039): loading the app anew for every
          // file cost about 340 s of the run's 470. Each file still builds its own app on its own database copy.
          isolate: false,
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
