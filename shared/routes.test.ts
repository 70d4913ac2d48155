import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, findClientRoute, isClientRoute, OTHER_PAGES } from './routes';

const root = path.resolve(import.meta.dirname, '..');

describe('client routes known to the server', () => {
  it('lists exactly the pages the client router lazy-loads', () => {
    const source = readFileSync(path.join(root, 'client/app/routes.tsx'), 'utf8');
    const imported = [...source.matchAll(/import\('@client\/([^']+)'\)/g)].map((m) => `${m[1]}.tsx`).sort();
    const known = [...CLIENT_ROUTES.map((r) => r.page), ...OTHER_PAGES].sort();
    expect(imported).toEqual(known);
  });

  it('matches the spec route table and nothing else', () => {
    for (const p of ['/', '/check-now', '/about', '/blog/some-post', '/checkout/ABC123', '/dashboard/']) {
      expect(isClientRoute(p)).toBe(true);
    }
    for (const p of ['/nope', '/blog/a/b', '/checkout', '/admin/x']) expect(isClientRoute(p)).toBe(false);
    expect(findClientRoute('/check-now')?.page).toBe('features/submissions/check-now-page.tsx');
  });
});
