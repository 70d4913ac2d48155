// The flags every headless Chromium of the project starts with: the end-to-end tests (playwright.config.ts) and
// `npm run lighthouse` (scripts/lighthouse.mjs). Headless, no sandbox or GPU, and no background traffic of its own
// (updates, sync, first-run pages) to disturb a test or a measurement.
export const CHROMIUM_FLAGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);
