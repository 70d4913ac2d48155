// The pre-rendered public pages (decision 019), end to end on the server side: client/entry-server.tsx renders
// the route table's public pages as scripts/build.mjs does, and the real app serves them from a client folder.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MINIMUM_CHARGE_PENCE } from '../shared/pricing';
import { documentTitle, PAGE_ROUTES } from '../shared/routes';
import { TIER_LIST } from '../shared/service-tiers';
import { SESSION_HINT_COOKIE, SESSION_HINT_SCRIPT } from '../shared/session-hint';
import { cookieHeader, signUp, createTestApp, type TestApp } from '../server/test-support/test-app';
import type * as Posts from '../client/features/public-site/blog/posts';

// One post, parsed by the real front-matter reader (content/blog ships none yet).
vi.mock('../client/features/public-site/blog/posts', async (importOriginal) => {
  const original = await importOriginal<typeof Posts>();
  const { loadBlogPosts } = await import('../client/features/public-site/blog/front-matter');
  const posts = loadBlogPosts({
    'content/blog/five-claims.md': [
      '---',
      'title: "Five claims to check before you publish"',
      'slug: five-claims-to-check',
      'excerpt: Statistics, quotes and dates are where AI drafts go wrong most often.',
      'author: Priya Shah',
      'category: fact-checking',
      'publishedAt: 2025-06-24',
      'readTime: 6',
      '---',
      '',
      // `$&` and `$'` mean something to String.replace: the page must show them as written.
      "Start with the numbers: every statistic needs a source, even one that says $& or $'.",
    ].join('\n'),
  });
  return { ...original, BLOG_POSTS: posts, findBlogPost: (slug: string) => posts.find((p) => p.slug === slug) };
});

const ORIGIN = 'http://localhost:5000';

/** Each public path, with text of its content that must be in the HTML before any script runs. */
const PUBLIC_PAGES: Record<string, string> = {
  '/': 'A human makes sure it’s right.',
  '/about': 'We put a human between your AI draft and your readers',
  '/services': 'Most popular',
  '/blog': 'Insights on AI content, accuracy and trust',
  '/blog/five-claims-to-check': "every statistic needs a source, even one that says $&amp; or $&#39;.",
  '/contact': 'Get in touch with our team',
  '/help-center': 'How can we help?',
  '/privacy-policy': 'Privacy policy',
  '/terms-of-service': 'Terms of service',
  '/accessibility': 'partially compliant with the Web Content Accessibility Guidelines',
  '/check-now': 'Submit your content for human review',
  '/login': 'Welcome to HumanProof',
};

let t: TestApp;

beforeAll(async () => {
  const { prerenderPages } = await import('../client/entry-server');
  const pages = await prerenderPages();
  const dist = mkdtempSync(path.join(os.tmpdir(), 'hp-prerender-'));
  mkdirSync(path.join(dist, 'client'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'client', 'index.html'), readFileSync(path.join(import.meta.dirname, '../client/index.html')));
  writeFileSync(path.join(dist, 'prerendered', 'pages.json'), JSON.stringify({ pages }));
  t = await createTestApp({ PUBLIC_URL: ORIGIN }, { clientDir: path.join(dist, 'client') });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

describe('pre-rendered public pages', () => {
  it('serve their full text, own title, description, canonical URL and Open Graph tags without JavaScript', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const [url, text] of Object.entries(PUBLIC_PAGES)) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const html = response.body;
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root, url).toContain(text);
      expect(root, url).toMatch(/<h1[ >]/);
      const title = attribute(html, /<title>([^<]*)<\/title>/)!;
      const description = attribute(html, /<meta name="description" content="([^"]*)"/)!;
      expect(title, url).toMatch(/ \| HumanProof$/);
      titles.add(title);
      descriptions.add(description);
      expect(html.match(/<title>/g), url).toHaveLength(1);
      expect(html.match(/<meta name="description"/g), url).toHaveLength(1);
      expect(attribute(html, /<link rel="canonical" href="([^"]*)"/), url).toBe(`${ORIGIN}${url}`);
      expect(attribute(html, /<meta property="og:url" content="([^"]*)"/), url).toBe(`${ORIGIN}${url}`);
      expect(attribute(html, /<meta property="og:title" content="([^"]*)"/), url).toBe(title);
      expect(attribute(html, /<meta property="og:description" content="([^"]*)"/), url).toBe(description);
      expect(html, url).not.toContain('name="robots"');
    }
    expect(titles.size).toBe(Object.keys(PUBLIC_PAGES).length);
    expect(descriptions.size).toBe(Object.keys(PUBLIC_PAGES).length);
  });

  it("names each page from the route table, and a post by its own title and excerpt, as an article", async () => {
    for (const route of PAGE_ROUTES.filter((r) => r.prerender && !r.path.includes(':'))) {
      const html = (await t.app.inject({ url: route.path })).body;
      expect(html).toContain(`<title>${documentTitle(route.title)}</title>`);
    }
    const post = (await t.app.inject({ url: '/blog/five-claims-to-check' })).body;
    expect(post).toContain('<title>Five claims to check before you publish | HumanProof</title>');
    expect(post).toContain('<meta property="og:type" content="article">');
    expect(post).toContain('content="Statistics, quotes and dates are where AI drafts go wrong most often."');
  });

  it('answers unknown paths and unknown posts with the 404 page and status 404', async () => {
    for (const url of ['/no-such-page', '/blog/no-such-post', '/about/extra']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<title>404 Page Not Found | HumanProof</title>');
      expect(response.body, url).toMatch(/<div id="root"><div[^>]*>.*404 Page Not Found<\/h1>/s);
      expect(response.body, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('keeps pages for signed-in users client-rendered and out of search engines', async () => {
    for (const route of PAGE_ROUTES.filter((r) => r.noindex)) {
      const url = route.path.replace(/:[a-zA-Z]+/g, 'x');
      const response = await t.app.inject({ url });
      // An unknown certificate code is a real 404 (decision 033), its page written by the server for a visitor
      // (decision 076); the other pages are the app's, drawn in the browser.
      const certificatePage = route.path === '/verify/:code';
      expect(response.statusCode, url).toBe(certificatePage ? 404 : 200);
      expect(response.body, url).toContain(certificatePage ? '<h1 class="text-3xl font-bold">Certificate not found</h1>' : '<div id="root"></div>');
      expect(response.body, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('generates sitemap.xml and robots.txt from the route table', async () => {
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const expected = PAGE_ROUTES.filter((r) => r.prerender && !r.noindex && !r.path.includes(':')).map((r) => `${ORIGIN}${r.path}`);
    expect(locs).toEqual([...expected, `${ORIGIN}/blog/five-claims-to-check`]);
    expect(sitemap.body).toContain('<lastmod>2025-06-24</lastmod>');
    for (const route of PAGE_ROUTES.filter((r) => r.noindex)) expect(locs).not.toContain(`${ORIGIN}${route.path}`);

    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('describes the organisation and the three services with the price list in JSON-LD', async () => {
    interface Offer {
      price: string;
      priceCurrency: string;
      priceSpecification: { unitText?: string; priceCurrency: string; minPrice?: string }[];
    }
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1]!) as { '@type': string; name: string; offers: Offer },
      );
    const home = jsonLd((await t.app.inject({ url: '/' })).body);
    expect(home).toEqual([expect.objectContaining({ '@type': 'Organization', name: 'HumanProof', url: `${ORIGIN}/`, email: t.config.SUPPORT_EMAIL })]);
    const services = jsonLd((await t.app.inject({ url: '/services' })).body);
    expect(services.map((s) => s.name)).toEqual(TIER_LIST.map((tier) => `${tier.label} review`));
    for (const [i, tier] of TIER_LIST.entries()) {
      const offer = services[i]!.offers;
      expect(offer.priceCurrency).toBe('GBP');
      expect(Number(offer.price) * 100).toBeCloseTo(tier.ratePence, 9);
      expect(offer.priceSpecification[0]).toMatchObject({ unitText: 'word', priceCurrency: 'GBP' });
      expect(Number(offer.priceSpecification[1]!.minPrice) * 100).toBeCloseTo(MINIMUM_CHARGE_PENCE, 9);
    }
  });

  it('allows the signed-in hint script by its hash, and only / carries it', async () => {
    const home = await t.app.inject({ url: '/' });
    const hash = createHash('sha256').update(SESSION_HINT_SCRIPT).digest('base64');
    expect(home.body).toContain(`<script>${SESSION_HINT_SCRIPT}</script>`);
    expect(home.body).toContain('<div id="root" data-signed-in-variant>');
    expect(String(home.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    const inline = [...home.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([SESSION_HINT_SCRIPT]);
    expect((await t.app.inject({ url: '/about' })).body).not.toContain(SESSION_HINT_SCRIPT);
  });
});

describe('the signed-in hint cookie', () => {
  const hintOf = (setCookie: string | string[] | undefined) =>
    [setCookie ?? []].flat().find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));

  it('is set with the session, corrected on a session lookup and cleared on sign-out', async () => {
    const user = await signUp(t.app);
    expect(user.cookie).toContain(`${SESSION_HINT_COOKIE}=1`);

    // A session from before the hint: the next lookup sets it. Readable by the page, so not HttpOnly.
    const session = user.cookie.split('; ').filter((c) => !c.startsWith(SESSION_HINT_COOKIE)).join('; ');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    const set = hintOf(me.headers['set-cookie'])!;
    expect(set).toMatch(/^hp_signed_in=1; Path=\/; SameSite=Lax; Max-Age=\d+$/);
    // Right already: nothing to set.
    expect(hintOf((await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).headers['set-cookie'])).toBeUndefined();

    const out = await t.app.inject({ url: '/api/logout', headers: { cookie: user.cookie } });
    expect(hintOf(out.headers['set-cookie'])).toMatch(/^hp_signed_in=; Path=\/; SameSite=Lax; Max-Age=0/);

    // A hint without a session (expired or revoked elsewhere) is cleared when the client asks who is signed in.
    const stale = await t.app.inject({ url: '/api/auth/user', headers: { cookie: `${SESSION_HINT_COOKIE}=1` } });
    expect(hintOf(stale.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect(cookieHeader(stale)).toBe(`${SESSION_HINT_COOKIE}=`);
  });
});
