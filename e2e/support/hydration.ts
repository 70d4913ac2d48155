import type { Page } from '@playwright/test';

/**
 * Waits until React owns the element (hydrated nodes carry its fiber). A pre-rendered page paints before its scripts
 * run (decision 019), so a spec that clicks a control must wait for this state, never for time.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const el = document.querySelector(s);
    return el !== null && Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
  }, selector);
}
