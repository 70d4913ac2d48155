import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildShells } from './route-preloads';

const INDEX = '<html><head><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/shared-1.js"></head><body></body></html>';

describe('route preloads', () => {
  it("adds modulepreload links for a page's chunk and its static imports, not those already in the shell", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-manifest-'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
        '_shared-1.js': { file: 'assets/shared-1.js' },
        '_zod-1.js': { file: 'assets/zod-1.js', imports: ['_shared-1.js'] },
        'features/submissions/check-now-page.tsx': { file: 'assets/check-now-page-1.js', imports: ['_zod-1.js', '_shared-1.js'] },
      }),
    );
    const shellFor = buildShells(dir, INDEX);
    const html = shellFor('features/submissions/check-now-page.tsx');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/check-now-page-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/zod-1.js">');
    expect(html.match(/shared-1\.js/g)).toHaveLength(1);
    expect(shellFor('features/public-site/about-page.tsx')).toBe(INDEX);
  });

  it('serves the plain shell without a manifest', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-nomanifest-'));
    expect(buildShells(dir, INDEX)('features/submissions/check-now-page.tsx')).toBe(INDEX);
  });
});
