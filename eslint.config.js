import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const featuresOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** One rule entry per folder: a later entry for the same files replaces an earlier one, so each lists all it forbids. */
const restrict = (files, groups, ignores = []) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
  },
});

const TO_SERVER = [['**/server/**', '@server/*'], 'The client never imports server code; share it through shared/.'];
// The MCP SDK's own client (@modelcontextprotocol/sdk/client) is a package, not the app's client/.
const TO_CLIENT = [['**/client/**', '!@modelcontextprotocol/sdk/client/**', '@client/*'], 'The server never imports client code; share it through shared/.'];
const FEATURE_INDEX =
  "Another feature is used only through its public index (import '@client/features/<name>' or '../<name>'), never its inner files.";

/**
 * client/features/<name>: other features only through their index.ts, by alias or by relative path. A relative
 * path is matched by depth: from client/features/<name>/x.tsx another feature is `../<other>/…`, from
 * client/features/<name>/<folder>/x.tsx it is `../../<other>/…` (while `../api/…` stays inside the feature).
 */
const clientFeatureBoundaries = featuresOf('client/features').flatMap((name) => {
  const byAlias = [['@client/features/*/**', `!@client/features/${name}/**`], FEATURE_INDEX];
  return [
    restrict([`client/features/${name}/*.{ts,tsx}`], [TO_SERVER, byAlias, [['../*/**', '!../../**', `!../${name}/**`], FEATURE_INDEX]]),
    restrict([`client/features/${name}/*/**/*.{ts,tsx}`], [TO_SERVER, byAlias, [['../../*/**', '!../../../**', `!../../${name}/**`], FEATURE_INDEX]]),
  ];
});
const serverFeatureBoundaries = featuresOf('server/features').map((name) =>
  restrict(
    [`server/features/${name}/**/*.ts`],
    [TO_CLIENT, [['../*/**', '!../../**', `!../${name}/**`], FEATURE_INDEX]],
    ['**/*.test.ts'],
  ),
);

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Imports run one way: client → shared ← server; app → features → components, lib → shared.
  restrict(['client/**/*.{ts,tsx}'], [TO_SERVER]),
  restrict(['server/**/*.ts'], [TO_CLIENT]),
  restrict(
    ['client/components/**/*.{ts,tsx}', 'client/lib/**/*.{ts,tsx}'],
    [TO_SERVER, [['@client/features/**', '@client/app/**', '**/features/**'], 'components/ and lib/ never import features or the app shell.']],
  ),
  ...clientFeatureBoundaries,
  ...serverFeatureBoundaries,
  restrict(
    ['shared/**/*.ts'],
    [
      [['**/server/**', '**/client/**', '@client/*', '@server/*'], 'shared/ is pure: it imports neither client nor server.'],
      [['node:*', 'react', 'react-dom', 'react/*', 'react-dom/*', 'fs', 'path', 'crypto', 'os', 'url', 'stream', 'buffer', 'util', 'child_process'], 'shared/ runs in the browser and on the server alike: no Node built-ins, no React.'],
    ],
    ['shared/**/*.test.ts'],
  ),
);
