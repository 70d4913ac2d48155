import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPageRoute } from '../../shared/routes';
import { ISLAND_SCRIPTS, type IslandScript } from '../../shared/island-scripts';
import { buildShells } from './route-preloads';

const INDEX = '<html><head><title>HumanProof</title><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/shared-1.js"></head><body></body></html>';

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** A client build folder holding the app's manifest and, when given, island scripts' (scripts/build.mjs). */
function buildFolder(app: Manifest, islands: Partial<Record<IslandScript, Manifest>> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-manifest-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(app));
  for (const [kind, manifest] of Object.entries(islands)) {
    writeFileSync(path.join(dir, '.vite', ISLAND_SCRIPTS[kind as IslandScript].manifest), JSON.stringify(manifest));
  }
  return dir;
}
const STATIC_ENTRY = ISLAND_SCRIPTS.static.source;
const ORDER_FORM_ENTRY = ISLAND_SCRIPTS['order-form'].source;

describe('route preloads', () => {
  it("adds modulepreload links for a page's chunk and its static imports, not those already in the shell", () => {
    const dir = buildFolder({
      'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      '_zod-1.js': { file: 'assets/zod-1.js', imports: ['_shared-1.js'] },
      'features/submissions/check-now-page.tsx': { file: 'assets/check-now-page-1.js', imports: ['_zod-1.js', '_shared-1.js'] },
    });
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

  it("gives a static page both scripts, the app's for a signed-in visitor and the islands' for everyone else", () => {
    const dir = buildFolder(
      {
        'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
        '_shared-1.js': { file: 'assets/shared-1.js' },
        'features/public-site/about-page.tsx': { file: 'assets/about-page-1.js', imports: ['_shared-1.js'] },
      },
      {
        static: { [STATIC_ENTRY]: { file: 'assets/islands-1.js', isEntry: true, imports: ['_dom-1.js'] }, '_dom-1.js': { file: 'assets/dom-1.js' } },
        'order-form': { [ORDER_FORM_ENTRY]: { file: 'assets/order-form-1.js', isEntry: true, imports: ['_react-1.js'] }, '_react-1.js': { file: 'assets/react-1.js' } },
      },
    );
    const built = '<html><head><title>HumanProof</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-1.js"></head><body></body></html>';
    const shellFor = buildShells(dir, built);
    const about = shellFor(findPageRoute('/about'), 'islands');
    expect(about).toContain('<script type="module" crossorigin src="/assets/index-1.js" data-for="signed-in"></script>');
    expect(about).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-1.js" data-for="signed-in">');
    expect(about).toContain('<link rel="modulepreload" crossorigin href="/assets/about-page-1.js" data-for="signed-in">');
    expect(about).toContain('<script type="module" crossorigin src="/assets/islands-1.js" data-for="visitor"></script>');
    expect(about).toContain('<link rel="modulepreload" crossorigin href="/assets/dom-1.js" data-for="visitor">');
    expect(about.match(/<script|<link rel="modulepreload"/g)).toHaveLength(5);
    // The app's shell of the same route, and a route that is not static, name the app alone.
    expect(shellFor(findPageRoute('/about'))).not.toContain('islands-1.js');
    expect(shellFor(findPageRoute('/about'), 'islands')).not.toContain('order-form-1.js');
    expect(shellFor(findPageRoute('/login'), 'islands')).not.toContain('islands-1.js');
    // The order form's page names its own island script, not the static pages'.
    const checkNow = shellFor(findPageRoute('/check-now'), 'islands');
    expect(checkNow).toContain('<script type="module" crossorigin src="/assets/order-form-1.js" data-for="visitor"></script>');
    expect(checkNow).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js" data-for="visitor">');
    expect(checkNow).not.toContain('islands-1.js');
  });

  it('serves the plain shell without a manifest', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-nomanifest-'));
    const html = buildShells(dir, INDEX)(findPageRoute('/check-now'));
    expect(html).not.toContain('modulepreload" crossorigin');
    expect(html).toContain('<title>Submit your content | HumanProof</title>');
  });
});
