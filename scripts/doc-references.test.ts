import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision records, READMEs and code comments name files ("see server/plugins/access.ts", "the rule in
 * word-count.ts"); a rename that forgets them, or a file that lives outside the repository, leaves a newcomer
 * looking for something that is not there. This test resolves every file path and every bare file name they cite.
 */
const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.tmp', '.git', 'test-results', 'playwright-report']);
const EXTENSIONS = 'tsx|ts|mjs|md|sql|css|html';
/** A path with at least one folder. */
const PATH = new RegExp(`(?<![\\w@/.:-])((?:[\\w.-]+\\/)+[\\w.-]+\\.(?:${EXTENSIONS}))(?![\\w/])`, 'g');
/**
 * A file name on its own. Not part of a path, URL, scoped package or glob (nothing of those before it), and not the
 * start of a longer name or a path (no word character, slash or dot-and-letter after it).
 */
const BARE_NAME = new RegExp(`(?<![\\w@/.:*$%{\\\\-])([\\w-][\\w.-]*\\.(?:${EXTENSIONS}))(?![\\w/-]|\\.\\w)`, 'g');

function walk(dir: string, keep: (name: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, keep, out);
    else if (keep(name)) out.push(full);
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

/**
 * The references in `text` that name nothing in the repository: paths that do not resolve, and bare file names
 * that no file anywhere in the repository has.
 */
function missingReferences(text: string, pathResolves: (cited: string) => boolean, names: ReadonlySet<string>): string[] {
  const missing: string[] = [];
  for (const match of text.matchAll(PATH)) {
    const cited = match[1]!;
    // Build output (dist/…/main.js) and example names in this test's own text are not repository files.
    if (cited.startsWith('dist/') || cited.includes('/x.')) continue;
    if (!pathResolves(cited)) missing.push(cited);
  }
  for (const match of text.matchAll(BARE_NAME)) {
    const cited = match[1]!;
    if (!names.has(cited)) missing.push(cited);
  }
  return missing;
}

describe('file references in docs and comments', () => {
  it('every file path or file name a decision record, README or comment cites exists', () => {
    const dirs = ['docs', 'server', 'client', 'shared', 'scripts', 'e2e', 'examples', '.ci'].map((d) => path.join(root, d));
    const files = [path.join(root, 'README.md'), ...dirs.filter(existsSync).flatMap((d) => walk(d, (name) => /\.(tsx?|mjs|md)$/.test(name)))];
    const names = new Set(walk(root, () => true).map((file) => path.basename(file)));
    const missing: string[] = [];
    for (const file of files) {
      for (const cited of missingReferences(prose(file), (c) => resolves(file, c), names)) {
        missing.push(`${path.relative(root, file)} cites ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every decision record has its number, a status, and names each record that changes it and that it changes', () => {
    const dir = path.join(root, 'docs/decisions');
    const records = new Map<string, { text: string; amends: string[]; amendedBy: string[] }>();
    const problems: string[] = [];
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.md'))) {
      const number = name.slice(0, 3);
      const text = readFileSync(path.join(dir, name), 'utf8');
      if (!text.startsWith(`# ${number}. `)) problems.push(`${name}: the title does not start with "# ${number}. "`);
      // The status line and any lines right under it ("Amended by 052").
      const status = /^Status: (?:accepted|superseded|deprecated|proposed)\b.*(?:\n(?!\s*\n).+)*/im.exec(text)?.[0];
      if (!status) {
        problems.push(`${name}: no "Status: accepted (date)" line`);
        continue;
      }
      const numbers = (clause: RegExp) => [...status.matchAll(clause)].flatMap((m) => [...m[1]!.matchAll(/\b\d{3}\b/g)].map((n) => n[0]));
      records.set(number, { text, amends: numbers(/\bamends ([^;\n]*)/gi), amendedBy: numbers(/\b(?:amended|superseded) by ([^;\n]*)/gi) });
    }
    for (const [number, { amends, amendedBy }] of records) {
      // An earlier record names what changed it in its status; a later one at least names what it changes.
      for (const earlier of amends) {
        if (!records.get(earlier)?.amendedBy.includes(number)) problems.push(`${number} amends ${earlier}, whose status does not say "amended by ${number}"`);
      }
      for (const later of amendedBy) {
        if (!new RegExp(`\\b${number}\\b`).test(records.get(later)?.text ?? '')) problems.push(`${number} is amended by ${later}, which does not name ${number}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds a bare name no file has, and leaves paths, URLs, globs and package names to their own rules', () => {
    const names = new Set(['word-count.ts', 'README.md']);
    const text = [
      'See the product decisions.md and helper-gone.ts; the rule is in word-count.ts (and README.md).',
      'Globs *.test.ts and {id}.md, a URL https://example.org/guide.html, a package harper.js and @scope/name.ts,',
      'a path server/lib/word-count.ts, and a sentence ending in word-count.ts.',
    ].join('\n');
    expect(missingReferences(text, (cited) => cited === 'server/lib/word-count.ts', names)).toEqual(['decisions.md', 'helper-gone.ts']);
  });
});
