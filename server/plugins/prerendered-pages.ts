import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findPageRoute, NOT_FOUND_TITLE, PAGE_ROUTES, type PageRoute } from '../../shared/routes';
import { jsonLdFor, type PrerenderedPage, pageHeadTags, SITEMAP_ROUTES, sitemapXml, type SitemapEntry } from '../../shared/seo';
import type { SupportContact } from '../../shared/brand';
import { SESSION_HINT_SCRIPT, SESSION_HINT_STYLE } from '../../shared/session-hint';
import { DRAFT_HINT_SCRIPT } from '../../shared/draft-hint';
import { CERTIFICATE_PAGE_SLOT } from '../../shared/certificate-page-markup';
import { scriptsAfterPaint } from './after-paint';
import { type ShellScript, withMeta } from './route-preloads';

/** The build's pre-rendered pages, beside the client folder; none for a build without them (API tests). */
export function readPrerenderedPages(clientDir: string): PrerenderedPage[] {
  const file = path.join(clientDir, '..', 'prerendered', 'pages.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { pages: PrerenderedPage[] }).pages;
}

export interface PageDocuments {
  /** The HTML for a path and its status: pre-rendered when there is one, else the route's shell, else the 404. */
  documentFor(pathname: string): { status: 200 | 404; html: string };
  /**
   * A page the server writes per request into a layout the build pre-rendered (decision 076: /verify/:code): the
   * route's template with `content` in its slot, its head tags for `path`, and only the visitor's island script.
   * Undefined without a build's template (API tests).
   */
  /** `indexable`: the page may be in search engines (a public, valid certificate, decision 083); noindex otherwise. */
  fromTemplate(route: string, input: { path: string; title?: string; content: string; indexable?: boolean }): string | undefined;
  sitemap: string;
}

/** The island shell without the app's scripts: a page written for a visitor loads its island whatever the hint says. */
function visitorScriptsOnly(html: string): string {
  return html
    .replace(/<script type="module" crossorigin src="[^"]+" data-for="signed-in"><\/script>/g, '')
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+" data-for="signed-in">/g, '')
    .replace(/ data-for="visitor"/g, '');
}

/**
 * Puts each pre-rendered page into its route's shell (title, description, preloads from route-preloads.ts) with
 * its canonical URL, Open Graph tags and JSON-LD for this server's public origin. Pages for signed-in users and
 * the sign-in flow keep the empty shell (they render in the browser) and say `noindex`. A path of a pre-rendered
 * pattern that was not rendered (an unknown blog post) and any unknown path get the 404 page with status 404.
 */
export function buildPageDocuments(options: {
  pages: readonly PrerenderedPage[];
  shellFor: (route: PageRoute | undefined, script?: ShellScript) => string;
  origin: string;
  support: SupportContact;
  /** The text of a stylesheet the shell links (`/assets/x.css`), to inline it into pre-rendered pages. */
  stylesheet?: (href: string) => string | undefined;
  /** The VAT rate the prices include (shared/vat.ts): above 0, pages are served in their VAT variant (decision 070). */
  vatRateBasisPoints?: number;
}): PageDocuments {
  const { pages, shellFor, origin, support, stylesheet, vatRateBasisPoints = 0 } = options;
  const withVat = vatRateBasisPoints > 0;
  // A pre-rendered page paints from its HTML alone: its stylesheet comes inline rather than one round trip later
  // (about 9 KB compressed; the pages the browser renders itself keep the cached link).
  const inlineStyles = (html: string) =>
    stylesheet
      ? html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
          const css = stylesheet(href);
          return css === undefined || css.includes('</style') ? link : `<style>${css}</style>`;
        })
      : html;
  const rendered = new Map<string, string>();
  let notFound = withHead(shellFor(undefined), pageHeadTags({ origin, path: '/404', title: NOT_FOUND_TITLE, noindex: true }));

  const templates = new Map<string, { html: string; route: PageRoute }>();
  for (const page of pages) {
    const route = page.route ? PAGE_ROUTES.find((r) => r.path === page.route) : undefined;
    if (route && page.path === route.path && route.path.includes(':')) {
      const shell = route.islands ? visitorScriptsOnly(shellFor(route, 'islands')) : shellFor(route);
      const html = scriptsAfterPaint(inlineStyles(shell)).replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
      templates.set(route.path, { html, route });
      continue;
    }
    const signedInVariant = Boolean(route?.signedInPage);
    const shell = shellFor(route, route?.islands ? 'islands' : 'app');
    let html = scriptsAfterPaint(inlineStyles(withMeta(shell, page.title, page.description)));
    const head = page.path
      ? pageHeadTags({
          origin,
          path: page.path,
          title: page.title,
          description: page.description,
          ogType: page.ogType,
          jsonLd: jsonLdFor(page.path, origin, support),
        })
      : pageHeadTags({ origin, path: '/404', title: page.title, description: page.description, noindex: true });
    const hint =
      (signedInVariant ? `<style>${SESSION_HINT_STYLE}</style><script>${SESSION_HINT_SCRIPT}</script>` : '') +
      (route?.draftHint ? `<script>${DRAFT_HINT_SCRIPT}</script>` : '');
    // Replaced by a function, so a `$` in the page's text is never read as a replacement pattern.
    html = withHead(html, head + hint).replace(
      '<div id="root"></div>',
      () =>
        `<div id="root"${signedInVariant ? ' data-signed-in-variant' : ''}${withVat ? ` data-vat-rate="${vatRateBasisPoints}"` : ''}>` +
        `${withVat ? (page.htmlWithVat ?? page.html) : page.html}</div>`,
    );
    if (page.path) rendered.set(page.path, html);
    else notFound = html;
  }

  const noindexShells = new Map<PageRoute, string>();
  for (const route of PAGE_ROUTES) {
    if (route.noindex) noindexShells.set(route, withHead(shellFor(route), '<meta name="robots" content="noindex">'));
  }

  const entries: SitemapEntry[] = [
    ...SITEMAP_ROUTES.filter((route) => rendered.has(route.path)).map((route) => ({ path: route.path })),
    ...pages
      .filter((page) => page.path !== null && page.route?.includes(':') && page.path !== page.route)
      .map((page) => ({ path: page.path!, lastModified: page.lastModified })),
  ];

  return {
    documentFor(pathname) {
      const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const page = rendered.get(normalised);
      if (page) return { status: 200, html: page };
      const route = findPageRoute(pathname);
      // Without a build's pre-rendered pages (an API-only test folder), every route keeps its shell.
      if (!route || (route.prerender && rendered.size > 0)) return { status: 404, html: notFound };
      return { status: 200, html: noindexShells.get(route) ?? shellFor(route) };
    },
    fromTemplate(routePath, { path, title, content, indexable = false }) {
      const template = templates.get(routePath);
      if (!template || !template.html.includes(CERTIFICATE_PAGE_SLOT)) return undefined;
      const { route } = template;
      const head = pageHeadTags({ origin, path, title: title ?? route.title, description: route.description, noindex: !indexable });
      return withHead(withMeta(template.html, title ?? route.title, route.description), head).replace(CERTIFICATE_PAGE_SLOT, () => content);
    },
    sitemap: sitemapXml(origin, entries),
  };
}

function withHead(html: string, tags: string): string {
  return html.replace('</head>', () => `${tags}</head>`);
}
