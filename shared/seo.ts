/**
 * What search engines and link previews read, all derived from the route table (shared/routes.ts), the price
 * list (shared/service-tiers.ts, shared/pricing.ts) and the brand: the head tags of a pre-rendered page, its
 * JSON-LD, sitemap.xml and robots.txt. The server fills in its public origin (PUBLIC_URL) when it starts.
 */
import { BRAND, type SupportContact } from './brand';
import { MINIMUM_CHARGE_PENCE } from './pricing';
import { documentTitle, PAGE_ROUTES } from './routes';
import { TIER_LIST } from './service-tiers';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Pounds with two decimals, as schema.org prices are written ("0.04"). */
function pounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

export function organisationJsonLd(origin: string, support: SupportContact): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: BRAND.name,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: support.email,
    telephone: support.phone,
    address: { '@type': 'PostalAddress', streetAddress: support.address, addressCountry: 'GB' },
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: support.email, telephone: support.phone },
  };
}

/** The three services with their per-word price and the minimum charge, from the one price list. */
export function servicesJsonLd(origin: string): Record<string, unknown>[] {
  return TIER_LIST.map((tier) => ({
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${origin}/services#${tier.id}`,
    name: `${tier.label} review`,
    serviceType: 'Human review of AI-generated text',
    description: tier.summary,
    provider: { '@id': `${origin}/#organization` },
    areaServed: 'GB',
    url: `${origin}/services`,
    offers: {
      '@type': 'Offer',
      priceCurrency: 'GBP',
      price: pounds(tier.ratePence),
      priceSpecification: [
        {
          '@type': 'UnitPriceSpecification',
          price: pounds(tier.ratePence),
          priceCurrency: 'GBP',
          unitText: 'word',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitText: 'word' },
        },
        {
          '@type': 'PriceSpecification',
          name: 'Minimum charge per order',
          minPrice: pounds(MINIMUM_CHARGE_PENCE),
          priceCurrency: 'GBP',
        },
      ],
    },
  }));
}

/** JSON inside <script>: `<` escaped so no text can close the element. */
function jsonScript(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

export interface PageHeadInput {
  origin: string;
  path: string;
  title: string;
  description?: string | undefined;
  noindex?: boolean | undefined;
  /** `article` for a blog post, else `website`. */
  ogType?: 'website' | 'article';
  jsonLd?: readonly unknown[];
}

/** Canonical URL, Open Graph and Twitter card tags, robots and JSON-LD for a page's <head>. */
export function pageHeadTags(input: PageHeadInput): string {
  const url = `${input.origin}${input.path === '/' ? '/' : input.path}`;
  const title = escapeHtml(documentTitle(input.title));
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${BRAND.name}">`,
    `<meta property="og:type" content="${input.ogType ?? 'website'}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:locale" content="en_GB">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${title}">`,
  ];
  if (input.description) {
    const description = escapeHtml(input.description);
    tags.push(`<meta property="og:description" content="${description}">`, `<meta name="twitter:description" content="${description}">`);
  }
  if (input.noindex) tags.push('<meta name="robots" content="noindex">');
  for (const data of input.jsonLd ?? []) tags.push(jsonScript(data));
  return tags.join('');
}

/** The JSON-LD a public path carries: the organisation on the home and about pages, the services on /services. */
export function jsonLdFor(path: string, origin: string, support: SupportContact): unknown[] {
  if (path === '/' || path === '/about') return [organisationJsonLd(origin, support)];
  if (path === '/services') return servicesJsonLd(origin);
  return [];
}

/** One page as the build pre-rendered it (client/entry-server.tsx), in <dist>/prerendered/pages.json. */
export interface PrerenderedPage {
  /** The URL path, or null for the 404 page (served for any path no page answers). */
  path: string | null;
  /** The route table's path (pattern) it was rendered for; null for the 404 page. */
  route: string | null;
  title: string;
  description?: string;
  ogType: 'website' | 'article';
  /** ISO date of the last change, when known (a post's publication date). */
  lastModified?: string;
  /** The markup inside <div id="root">. */
  html: string;
  /**
   * The markup as rendered with prices including VAT at the standard rate (issue 45), when it differs: served
   * instead of `html` by a server with a VAT number, so a page's first load shows the VAT (decision 070).
   */
  htmlWithVat?: string;
}

export interface SitemapEntry {
  path: string;
  /** ISO date of the last change, when known (a post's publication date). */
  lastModified?: string | undefined;
}

/** sitemap.xml: every pre-rendered, indexable path (the route table's pages and each blog post). */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${escapeHtml(entry.lastModified.slice(0, 10))}</lastmod>` : '';
    return `  <url><loc>${escapeHtml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt: the API is disallowed and the sitemap named. Private pages are not disallowed but carry `noindex`
 * (a crawler must be allowed to fetch a page to read its noindex).
 */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** The route table's pages that belong in sitemap.xml (patterns such as /blog/:slug add their own paths). */
export const SITEMAP_ROUTES = PAGE_ROUTES.filter((route) => route.prerender && !route.noindex && !route.path.includes(':'));
