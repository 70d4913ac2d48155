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
    rollupOptions: {
      output: {
        // Fewer, larger chunks (decision 050). Left to itself the bundler made a chunk for every set of pages that
        // shares a module: /check-now loaded 46 files, and over a phone's connection the round trips, not the bytes,
        // set its time to interactive. The framework every page runs comes as one file (zod with the module that
        // configures it first, client/lib/zod), code that at least 8 chunks share as another, icons as a third.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|wouter|clsx|tailwind-merge|zod)[\\/]|client[\\/]lib[\\/]zod[\\/]/,
              priority: 3,
            },
            { name: 'common', test: /[\\/](shared|client[\\/](components|lib))[\\/]/, minShareCount: 8, maxModuleSize: 6000, priority: 1 },
            { name: 'icons', test: /lucide-react/, minShareCount: 8, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/healthz': 'http://localhost:5000' },
  },
});
