import { describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint';
import { AFTER_PAINT_LOADER, scriptsAfterPaint } from './after-paint';

const SHELL =
  '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/a-1.js"></head>' +
  '<body><div id="root"><p>&lt;/body&gt; in the text</p></div><link rel="modulepreload" crossorigin href="/assets/b-1.js"></body></html>';

describe('scripts after paint', () => {
  it('makes the entry and every preload inert and adds the loader once, at the end of the body', () => {
    const html = scriptsAfterPaint(SHELL);
    expect(html).not.toMatch(/type="module"|rel="modulepreload"/);
    expect(html).toContain('<script type="hp-after-paint" data-src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="hp-after-paint" href="/assets/a-1.js">');
    expect(html).toContain('<link rel="hp-after-paint" href="/assets/b-1.js">');
    expect(html.split(AFTER_PAINT_LOADER)).toHaveLength(2);
    expect(html.endsWith(`<script>${AFTER_PAINT_LOADER}</script></body></html>`)).toBe(true);
  });

  it("keeps whom a static page's scripts are for, and the loader starts only the visitor's own", () => {
    const html = scriptsAfterPaint(
      '<html><head><script type="module" crossorigin src="/assets/index-1.js" data-for="signed-in"></script><link rel="modulepreload" crossorigin href="/assets/a-1.js" data-for="signed-in">' +
        '<script type="module" crossorigin src="/assets/islands-1.js" data-for="visitor"></script></head><body></body></html>',
    );
    expect(html).toContain('<script type="hp-after-paint" data-src="/assets/index-1.js" data-for="signed-in"></script>');
    expect(html).toContain('<link rel="hp-after-paint" href="/assets/a-1.js" data-for="signed-in">');
    expect(html).toContain('<script type="hp-after-paint" data-src="/assets/islands-1.js" data-for="visitor"></script>');
    // The loader reads the signed-in hint cookie to choose (e2e/prerender.spec.ts checks both audiences in a browser).
    expect(AFTER_PAINT_LOADER).toContain(`${SESSION_HINT_COOKIE}=1`);
    expect(AFTER_PAINT_LOADER).toContain("getAttribute('data-for')");
  });

  it('leaves a page without a module script as it is', () => {
    const html = '<html><head></head><body><p>static</p></body></html>';
    expect(scriptsAfterPaint(html)).toBe(html);
  });
});
