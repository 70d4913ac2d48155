import { describe, expect, it } from 'vitest';
import { findPageRoute, matchPath, PAGE_ROUTES } from './routes';

describe('the route table', () => {
  it('matches the spec route table and nothing else', () => {
    for (const p of ['/', '/check-now', '/about', '/blog/some-post', '/checkout/ABC123', '/dashboard/']) {
      expect(findPageRoute(p), p).toBeDefined();
    }
    for (const p of ['/nope', '/blog/a/b', '/checkout', '/checkout/', '/admin/x', '/Dashboard', '//dashboard']) {
      expect(findPageRoute(p), p).toBeUndefined();
    }
    expect(findPageRoute('/check-now')?.page).toBe('features/submissions/check-now-page.tsx');
    expect(matchPath('/checkout/:submissionId', '/checkout/AB12')).toEqual({ submissionId: 'AB12' });
  });

  it('has one entry per path, a unique title per page and a page module for each', () => {
    expect(new Set(PAGE_ROUTES.map((r) => r.path)).size).toBe(PAGE_ROUTES.length);
    const titled = PAGE_ROUTES.filter((r) => r.path !== '/blog/:slug');
    expect(new Set(titled.map((r) => r.title)).size).toBe(titled.length);
    for (const route of PAGE_ROUTES) expect(route.page).toMatch(/^features\/[a-z-]+\/[a-z-]+-page\.tsx$/);
  });
});
