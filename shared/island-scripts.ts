/**
 * The scripts a pre-rendered page can load for a visitor in place of the app (`islands` in routes.ts): `static`
 * enhances a static page's few controls without React (decision 049); `order-form` hydrates /check-now's order form
 * alone with React (decision 051); `support` runs /contact's form and /help-center's search and status line without
 * React (decision 071); `certificate` checks /verify/:code's certificate in the browser without React, on the page
 * the server writes, and `login` draws /login's waiting order and carried notice without React (decision 076). Each
 * is built on its own, its manifest beside the app's (scripts/build.mjs); `source` is its file under client/, which
 * is also its key in that manifest.
 */
export const ISLAND_SCRIPTS = {
  static: { source: 'islands.ts', manifest: 'islands-manifest.json' },
  'order-form': { source: 'features/submissions/order-form-island.tsx', manifest: 'order-form-manifest.json' },
  support: { source: 'features/public-site/support-islands.ts', manifest: 'support-islands-manifest.json' },
  certificate: { source: 'features/certificates/certificate-islands.ts', manifest: 'certificate-islands-manifest.json' },
  login: { source: 'features/auth/login-islands.ts', manifest: 'login-islands-manifest.json' },
} as const;

export type IslandScript = keyof typeof ISLAND_SCRIPTS;
