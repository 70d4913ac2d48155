/**
 * A server feature's index.ts is its domain API (decision 058): named exports of functions and types only. No
 * `export *` (which hands every importer the feature's whole graph) and no routes (registered only in
 * server/features/index.ts); either one brought the import cycles of issue 41.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const ROUTES_NAME = /(Routes?|Plugin)$/;
const ROUTES_MODULE = /(^|[/-])routes$/;

/** What is wrong with one barrel: each `export *`, each export named like routes, each re-export of a routes module. */
export function barrelProblems(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const problems: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : null;
    const clause = statement.exportClause;
    if (!clause) problems.push(`export * from '${from}'`);
    else if (ts.isNamespaceExport(clause)) problems.push(`export * as ${clause.name.text} from '${from}'`);
    else {
      for (const element of clause.elements) if (ROUTES_NAME.test(element.name.text)) problems.push(`exports ${element.name.text}`);
    }
    if (from && ROUTES_MODULE.test(from.replace(/\.(js|ts)$/, ''))) problems.push(`re-exports '${from}'`);
  }
  return problems;
}

describe('feature barrels are the domain API', () => {
  it('no server/features/*/index.ts has an `export *` or exports routes', () => {
    const dir = path.join(root, 'server/features');
    const barrels = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'index.ts')))
      .map((entry) => path.join('server/features', entry.name, 'index.ts'));
    expect(barrels.length).toBeGreaterThan(10);
    const problems = barrels.flatMap((file) => barrelProblems(file, readFileSync(path.join(root, file), 'utf8')).map((p) => `${file}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('finds each kind of problem, and lets named functions and types through', () => {
    const code = [
      "export * from './find-submissions';",
      "export * as serialize from './serialize';",
      "export { certificateRoutes, publicCertificateRoute } from './issue-certificate';",
      "export { metricsPlugin } from './collectors';",
      "export { helper } from './routes';",
      "export { other } from './saved-card-routes';",
      "export { transition, type OrderActor } from './transition';",
      "export type { OrderEvent } from './order-events';",
      "export { routesCount } from './route-table';",
    ].join('\n');
    expect(barrelProblems('x/index.ts', code)).toEqual([
      "export * from './find-submissions'",
      "export * as serialize from './serialize'",
      'exports certificateRoutes',
      'exports publicCertificateRoute',
      'exports metricsPlugin',
      "re-exports './routes'",
      "re-exports './saved-card-routes'",
    ]);
  });
});
