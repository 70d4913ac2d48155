import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPageRoute } from '../../shared/routes';
import { buildShells } from './route-preloads';

const INDEX = '<html><head><title>HumanProof</title><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/shared-1.js"></head><body></body></html>';

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
    const html = shellFor(findPageRoute('/check-now'));
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/check-now-page-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/zod-1.js">');
    expect(html.match(/shared-1\.js/g)).toHaveLength(1);
    expect(html).toContain('<title>Submit your content | HumanProof</title>');
    const about = shellFor(findPageRoute('/about'));
    expect(about).not.toContain('modulepreload" crossorigin');
    expect(about).toContain('<title>About us | HumanProof</title>');
    expect(shellFor(undefined)).toContain('<title>404 Page Not Found | HumanProof</title>');
  });

  it('serves the plain shell without a manifest', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-nomanifest-'));
    const html = buildShells(dir, INDEX)(findPageRoute('/check-now'));
    expect(html).not.toContain('modulepreload" crossorigin');
    expect(html).toContain('<title>Submit your content | HumanProof</title>');
  });
});
