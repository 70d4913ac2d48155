// The project's value-import graph, read with TypeScript's own parser: which module loads which at start-up.
// Type-only imports (`import type`, `import { type X }`, `export type … from`) and dynamic `import()` are left out:
// neither runs a module body when the importer loads, so neither can make a load-order cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const ALIASES: Record<string, string> = { '@shared/': 'shared/', '@client/': 'client/' };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveFile(root: string, from: string, specifier: string): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) base = path.join(root, dir, specifier.slice(alias.length));
  }
  if (base === undefined) return undefined; // a package: not ours
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((file) => SOURCE.test(file) && existsSync(file) && statSync(file).isFile());
}

/** The module specifiers a file loads when it is itself loaded. */
export function valueImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypeSpecifiers =
        clause !== undefined &&
        clause.name === undefined &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      if (onlyTypeSpecifiers) continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)) continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** Every module under `dirs` (relative to `root`) with the project modules it loads, as paths relative to `root`. */
export function importGraph(root: string, dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    const targets = valueImports(file, readFileSync(file, 'utf8'))
      .map((specifier) => resolveFile(root, file, specifier))
      .filter((target): target is string => target !== undefined)
      .map((target) => path.relative(root, target));
    graph.set(path.relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/** Each import cycle, one per strongly connected component, as the path round it (first module repeated last). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components, iteratively (the graph is deep enough to strain recursion).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((component) => shortestCycle(graph, new Set(component)));
}

/** The shortest way round a component, from its first module in name order, by breadth-first search. */
function shortestCycle(graph: Map<string, string[]>, members: Set<string>): string[] {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const way = [start];
        for (let at = node; at !== start; at = previous.get(at)!) way.splice(1, 0, at);
        return [...way, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
