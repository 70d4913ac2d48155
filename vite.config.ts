import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@shared', replacement: path.resolve(import.meta.dirname, 'shared') },
      { find: '@client', replacement: path.resolve(import.meta.dirname, 'client') },
      // zod without its eval probe, which the CSP reports (client/lib/zod/index.ts).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'client/lib/zod/index.ts') },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: false,
    // The server reads it to preload each route's chunks in the HTML (server/plugins/route-preloads.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/healthz': 'http://localhost:5000' },
  },
});
