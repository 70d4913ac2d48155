/** No value-import cycle in server/, client/ or shared/: a cycle makes load order decide what is defined (issue 41). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, valueImports } from './lib/import-graph';

const root = path.resolve(import.meta.dirname, '..');

describe('import cycles', () => {
  it('finds none among the modules that load at start-up', () => {
    const cycles = importCycles(importGraph(root, ['server', 'client', 'shared']));
    expect(cycles.map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('sees a cycle through a barrel, and leaves type-only and dynamic imports out', () => {
    const graph = new Map([
      ['a/index.ts', ['a/routes.ts']],
      ['a/routes.ts', ['b/index.ts']],
      ['b/index.ts', ['a/index.ts']],
      ['c.ts', ['c.ts']],
      ['d.ts', []],
    ]);
    expect(importCycles(graph)).toEqual(
      expect.arrayContaining([
        ['a/index.ts', 'a/routes.ts', 'b/index.ts', 'a/index.ts'],
        ['c.ts', 'c.ts'],
      ]),
    );
    expect(importCycles(graph)).toHaveLength(2);
    const code = [
      "import type { A } from './a';",
      "import { type B, type C } from './b';",
      "import { D, type E } from './d';",
      "export type { F } from './f';",
      "export { G } from './g';",
      "export * from './h';",
      "const lazy = () => import('./i');",
      "import './j';",
    ].join('\n');
    expect(valueImports('x.ts', code)).toEqual(['./d', './g', './h', './j']);
  });
});
