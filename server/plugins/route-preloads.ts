import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../shared/seo';
import { ISLAND_SCRIPTS, type IslandScript } from '../../shared/island-scripts';
import { documentTitle, NOT_FOUND_DESCRIPTION, NOT_FOUND_TITLE, PAGE_ROUTES, type PageRoute } from '../../shared/routes';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export function readManifest(file: string): Manifest {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** A chunk's file and, after it, the files of everything it imports statically (also what scripts/js-budget.mjs weighs). */
export function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

/** The shell with a page's own <title> and meta description, so each page is named before any script runs. */
export function withMeta(html: string, title: string, description: string | undefined): string {
  let out = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(title))}</title>`);
  if (description) {
    out = out.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />`);
  }
  return out;
}

/** Which script a page loads: the app, or the island script its route names (decisions 049 and 051). */
export type ShellScript = 'app' | 'islands';

/**
 * The app shell per route of the route table (shared/routes.ts): its title and description, and
 * `<link rel="modulepreload">` for that page's chunks, so the browser fetches them alongside the entry instead of
 * after it (one round trip less before the page can paint). Built once at start from Vite's manifest; without
 * a manifest the shells carry no preloads. `undefined` gives the 404 shell. The `islands` shell of a route marked
 * `islands` (decisions 049 and 051) names the app's scripts for a visitor with the signed-in hint and the route's
 * island script for everyone else (server/plugins/after-paint.ts starts one of them); without that script's build
 * it is the app's shell.
 */
export function buildShells(
  clientDir: string,
  indexHtml: string,
): (route: PageRoute | undefined, script?: ShellScript) => string {
  const manifest = readManifest(path.join(clientDir, '.vite', 'manifest.json'));
  const inShell = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]!));

  const chunksOf = (key: string) => chunkFiles(manifest, key);
  // Each island script has its own build and manifest (scripts/build.mjs): its chunks are its own, never the app's.
  const islandFiles = new Map(
    Object.entries(ISLAND_SCRIPTS).map(([kind, { source, manifest: file }]) => [
      kind as IslandScript,
      chunkFiles(readManifest(path.join(clientDir, '.vite', file)), source),
    ]),
  );
  // The app's scripts stay, for a visitor with the signed-in hint; the island is for everyone else.
  const islandsShell = (html: string, kind: IslandScript) => {
    const [islandsEntry, ...islandsImports] = islandFiles.get(kind) ?? [];
    if (!islandsEntry) return html;
    const forSignedIn = html
      .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, '<script type="module" crossorigin src="$1" data-for="signed-in"></script>')
      .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, '<link rel="modulepreload" crossorigin href="$1" data-for="signed-in">');
    const tags = [
      `<script type="module" crossorigin src="/${islandsEntry}" data-for="visitor"></script>`,
      ...islandsImports.map((f) => `<link rel="modulepreload" crossorigin href="/${f}" data-for="visitor">`),
    ].join('');
    return forSignedIn.replace('</head>', () => `${tags}</head>`);
  };

  const shells = new Map<PageRoute, string>();
  const staticShells = new Map<PageRoute, string>();
  for (const route of PAGE_ROUTES) {
    const files = [...new Set(chunksOf(route.page))].filter((f) => !inShell.has(f));
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
    const html = withMeta(indexHtml, route.title, route.description);
    const shell = links ? html.replace('</head>', `${links}</head>`) : html;
    shells.set(route, shell);
    if (route.islands) staticShells.set(route, islandsShell(shell, route.islands));
  }
  const notFound = withMeta(indexHtml, NOT_FOUND_TITLE, NOT_FOUND_DESCRIPTION);
  return (route, script = 'app') => {
    if (!route) return notFound;
    return (script === 'islands' ? staticShells.get(route) : undefined) ?? shells.get(route) ?? notFound;
  };
}
