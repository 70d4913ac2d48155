import type { Page } from '@playwright/test';

/**
 * Waits until the page's scripts own the element: React has hydrated it (hydrated nodes carry its fiber), or, on a
 * static page with islands (decision 049), the islands script has run (it marks <html>). A pre-rendered page paints
 * before its scripts run (decision 019), so a spec that clicks a control must wait for this state, never for time.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const el = document.querySelector(s);
    if (el === null) return false;
    if (document.documentElement.hasAttribute('data-islands-ready')) return true;
    return Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
  }, selector);
}
