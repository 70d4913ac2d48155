import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision records, READMEs and code comments name files ("see server/plugins/access.ts"); a rename that forgets
 * them leaves a newcomer looking for something that is not there. This test resolves every file path they cite.
 */
const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.tmp', '.git', 'test-results', 'playwright-report']);
const PATH = /(?<![\w@/.:-])((?:[\w.-]+\/)+[\w.-]+\.(?:tsx|ts|mjs|md|sql|css|html))(?![\w/])/g;

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) filesUnder(full, out);
    else if (/\.(tsx?|mjs|md)$/.test(name)) out.push(full);
  }
  return out;
}

/** What a file says in prose: all of a Markdown file, the comments of a source file. */
function prose(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.md')) return text;
  const comments = text.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? [];
  // A URL's "//" is not a comment.
  return comments.filter((c) => !/^\/\/[\w.-]+\//.test(c)).join('\n');
}

/** A cited path resolves from the repository root, from the citing file, or inside a top-level folder. */
function resolves(citedBy: string, cited: string): boolean {
  const bases = [root, path.dirname(citedBy), ...['server', 'client', 'shared', 'server/features', 'client/features'].map((d) => path.join(root, d))];
  return bases.some((base) => existsSync(path.join(base, cited)));
}

describe('file references in docs and comments', () => {
  it('every file path a decision record, README or comment cites exists', () => {
    const dirs = ['docs', 'server', 'client', 'shared', 'scripts', 'e2e', '.ci'].map((d) => path.join(root, d));
    const files = [path.join(root, 'README.md'), ...dirs.filter(existsSync).flatMap((d) => filesUnder(d))];
    const missing: string[] = [];
    for (const file of files) {
      for (const match of prose(file).matchAll(PATH)) {
        const cited = match[1]!;
        // Build output (dist/…/main.js) and example names in this test's own text are not repository files.
        if (cited.startsWith('dist/') || cited.includes('/x.')) continue;
        if (!resolves(file, cited)) missing.push(`${path.relative(root, file)} cites ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
