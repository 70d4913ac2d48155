/**
 * Build-time rendering of the public pages (decision 019). scripts/build.mjs builds this entry with Vite for
 * Node and calls prerenderPages(): each route of the route table marked `prerender` (and each blog post) is
 * rendered with React's prerender API, which waits for the lazily loaded page, into the same tree main.tsx
 * hydrates. The server puts the markup and the page's head tags into its HTML shell (server/plugins/static.ts).
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { NOT_FOUND_DESCRIPTION, NOT_FOUND_TITLE, PAGE_ROUTES } from '@shared/routes';
import type { PrerenderedPage } from '@shared/seo';
import { App } from '@client/app/app';
import { BLOG_POSTS } from '@client/features/public-site/blog/posts';
import { queryKeys } from '@client/lib/query-keys';
import { SITE_CONFIG_DEFAULTS } from '@client/lib/site-config-fetch';
import { VAT_STANDARD_RATE_BASIS_POINTS } from '@shared/vat';
import { CERTIFICATE_PAGE_TEMPLATE_CODE } from '@shared/certificate-page-markup';

/** A path no route matches, to render the 404 page (it shows the same whatever the path). */
const NOT_FOUND_PROBE = '/__not-found__';

async function renderPath(path: string, vatRateBasisPoints = 0): Promise<string> {
  // Nothing is fetched while rendering (queries fetch once mounted, in the browser): pages render as for an
  // anonymous visitor with the default site config, exactly as the browser's first render before any answer.
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: () => new Promise<never>(() => {}), retry: false, staleTime: Infinity } },
  });
  // The variant for a server with a VAT number (issue 45): its prices say the VAT they include. The browser's first
  // render reads the same rate from the page (SITE_CONFIG_DEFAULTS), so a hydrating page matches it.
  if (vatRateBasisPoints > 0) client.setQueryData(queryKeys.siteConfig, { ...SITE_CONFIG_DEFAULTS, vat: { rateBasisPoints: vatRateBasisPoints } });
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={client}>
        <Router ssrPath={path}>
          <App />
        </Router>
      </QueryClientProvider>
    </StrictMode>,
    // One complete document: no boundary outlined into a hidden segment revealed by an inline script (the
    // Content-Security-Policy allows no inline script but the hint's).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (/<script|<template/.test(html)) throw new Error(`${path}: the pre-rendered HTML needs a script to complete`);
  return html;
}

/** The page as rendered, and as rendered with VAT-inclusive prices when that differs. */
async function renderVariants(path: string): Promise<Pick<PrerenderedPage, 'html' | 'htmlWithVat'>> {
  const html = await renderPath(path);
  const htmlWithVat = await renderPath(path, VAT_STANDARD_RATE_BASIS_POINTS);
  return htmlWithVat === html ? { html } : { html, htmlWithVat };
}

/** Every pre-rendered page, in route table order, then the 404 page. */
export async function prerenderPages(): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const route of PAGE_ROUTES) {
    if (route.path === '/blog/:slug') {
      for (const post of BLOG_POSTS) {
        const path = `/blog/${post.slug}`;
        pages.push({
          path,
          route: route.path,
          title: post.title,
          description: post.excerpt,
          ogType: 'article',
          lastModified: post.publishedAt,
          html: await renderPath(path),
        });
      }
      continue;
    }
    const page = { path: route.path, route: route.path, title: route.title, ...(route.description ? { description: route.description } : {}), ogType: 'website' as const };
    if (route.path === '/verify/:code') {
      // The certificate page's layout, whose content the server writes per certificate (decision 076).
      pages.push({ ...page, html: await renderPath(`/verify/${CERTIFICATE_PAGE_TEMPLATE_CODE}`) });
      continue;
    }
    if (!route.prerender) continue;
    if (route.path.includes(':')) throw new Error(`${route.path}: a pre-rendered pattern needs its list of paths here`);
    pages.push({ ...page, ...(await renderVariants(route.path)) });
  }
  pages.push({
    path: null,
    route: null,
    title: NOT_FOUND_TITLE,
    description: NOT_FOUND_DESCRIPTION,
    ogType: 'website',
    html: await renderPath(NOT_FOUND_PROBE),
  });
  return pages;
}
