import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../shared/seo';
import { documentTitle, NOT_FOUND_DESCRIPTION, NOT_FOUND_TITLE, PAGE_ROUTES, type PageRoute } from '../../shared/routes';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The shell with a page's own <title> and meta description, so each page is named before any script runs. */
export function withMeta(html: string, title: string, description: string | undefined): string {
  let out = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(title))}</title>`);
  if (description) {
    out = out.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />`);
  }
  return out;
}

/**
 * The app shell per route of the route table (shared/routes.ts): its title and description, and
 * `<link rel="modulepreload">` for that page's chunks, so the browser fetches them alongside the entry instead of
 * after it (one round trip less before the page can paint). Built once at start from Vite's manifest; without
 * a manifest the shells carry no preloads. `undefined` gives the 404 shell.
 */
export function buildShells(clientDir: string, indexHtml: string): (route: PageRoute | undefined) => string {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  const inShell = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]!));

  const chunksOf = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunksOf(k, seen))];
  };

  const shells = new Map<PageRoute, string>();
  for (const route of PAGE_ROUTES) {
    const files = [...new Set(chunksOf(route.page))].filter((f) => !inShell.has(f));
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
    const html = withMeta(indexHtml, route.title, route.description);
    shells.set(route, links ? html.replace('</head>', `${links}</head>`) : html);
  }
  const notFound = withMeta(indexHtml, NOT_FOUND_TITLE, NOT_FOUND_DESCRIPTION);
  return (route) => (route ? (shells.get(route) ?? notFound) : notFound);
}
