import { expect, signUpViaApi, test } from './fixtures';

/** Issue 45 item 6: settings' in-page navigation, keyboard first, with account deletion last. */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px settings lists its sections, each reached by keyboard, and deleting the account comes last`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpViaApi(page);
    await page.goto('/settings');
    const nav = page.getByRole('navigation', { name: 'Settings sections' });
    const links = nav.getByRole('link');
    await expect(links.first()).toHaveText('Profile');
    await expect(links.last()).toHaveText('Delete account');
    // The sections in the page's order end with account deletion.
    const ids = await page.locator('main section[id]').evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids.at(-1)).toBe('delete-account');
    expect(ids.indexOf('your-data')).toBeLessThan(ids.indexOf('delete-account'));
    // No sideways scroll on a phone: the row of links scrolls on its own.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    const billing = nav.getByRole('link', { name: 'Billing', exact: true });
    await billing.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#billing$/);
    await expect(page.locator('#billing')).toBeInViewport();
    await expect(page.locator('#billing')).toBeFocused();
    await expect(billing).toHaveAttribute('aria-current', 'location');
    if (viewport.width >= 1024) await expect(nav).toBeInViewport(); // sticky beside the sections
    await page.screenshot({ path: testInfo.outputPath(`settings-billing-${viewport.width}.png`) });
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Delete account' }).click();
    await expect(page.getByRole('button', { name: 'Delete my account' })).toBeInViewport();
  });
}
