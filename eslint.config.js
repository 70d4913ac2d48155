import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const featuresOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * One rule entry per folder: a later entry for the same files replaces an earlier one, so each lists all it forbids.
 * Each group is a list of gitignore-style patterns, or one regular expression (a string) over the import's source.
 */
const restrict = (files, groups, ignores = []) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: groups.map(([group, message]) => (typeof group === 'string' ? { regex: group, message } : { group, message })) },
    ],
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
/** server/{db,jobs,mail,lib,plugins}: the layers under the features never import one (decision 058). */
const TO_FEATURE = ['(^|/)features(/|$)', 'server/db, jobs, mail, lib and plugins never import a feature: the app (server/app.ts) or the features registry (server/features/index.ts) hands them what they need.'];
/**
 * server/features/orders is a leaf (decision 058): besides packages, only its own files, server/db, server/lib and
 * shared/ (relative from server/features/orders/x.ts, or by the @shared alias).
 */
const ORDERS_LEAF = [
  '^\\.(?!/|\\./\\.\\./(db|lib)/|\\./\\.\\./\\.\\./shared/)',
  'The order lifecycle imports only server/db, server/lib and shared/: a feature that reacts to a move registers its consumer in server/features/index.ts (decision 058).',
];
const serverFeatureBoundaries = featuresOf('server/features').map((name) =>
  restrict(
    [`server/features/${name}/**/*.ts`],
    [TO_CLIENT, [['../*/**', '!../../**', `!../${name}/**`], FEATURE_INDEX]],
    ['**/*.test.ts'],
  ),
);

/**
 * A component never calls the API: the fetchers, their URLs and query keys live in the feature's `api/` folder
 * (decision 017; client/lib holds the app shell's own calls and the fetchers themselves). Caught here: the global
 * fetch, the fetchers of client/lib/api.ts, and a string or template that starts with `/api/` (a link to a download
 * or to sign in takes its address from `api/` or client/lib too). Tests stand in for the network, so they may.
 */
/** Query keys name data and come from one factory (decision 017): an array written in place is a key outside it. */
const KEYS_FROM_THE_FACTORY = {
  selector: [
    "Property[key.name='queryKey'] > ArrayExpression",
    "Property[key.name='queryKey'] > :matches(TSAsExpression, TSSatisfiesExpression) > ArrayExpression",
  ].join(', '),
  message: 'Take the query key from client/lib/query-keys.ts (decision 017), not an array written here.',
};
const keysFromTheFactory = {
  files: ['client/**/*.{ts,tsx}'],
  ignores: ['client/lib/query-keys.ts', 'client/**/*.test.{ts,tsx}'],
  rules: { 'no-restricted-syntax': ['error', KEYS_FROM_THE_FACTORY] },
};

const API_CALLS_IN_API_FOLDERS = 'A component does not call the API: put the call, its URL and its query in the feature\'s api/ folder (decision 017).';
/** The browser's own confirm box: the app asks with one dialog, Cancel first (client/components/ui/confirm-dialog.tsx). */
const ONE_CONFIRM_DIALOG = 'Ask with ConfirmDialog (client/components/ui/confirm-dialog.tsx), not the browser\'s confirm box.';
const GLOBAL_OBJECTS = ['window', 'globalThis', 'self'];

const apiOnlyInApiFolders = {
  files: ['client/**/*.tsx'],
  ignores: ['client/**/api/**', 'client/**/*.test.tsx'],
  rules: {
    'no-restricted-globals': [
      'error',
      { name: 'fetch', message: API_CALLS_IN_API_FOLDERS },
      { name: 'confirm', message: ONE_CONFIRM_DIALOG },
    ],
    'no-restricted-properties': [
      'error',
      ...GLOBAL_OBJECTS.map((object) => ({ object, property: 'fetch', message: API_CALLS_IN_API_FOLDERS })),
      ...GLOBAL_OBJECTS.map((object) => ({ object, property: 'confirm', message: ONE_CONFIRM_DIALOG })),
    ],
    // Replaces keysFromTheFactory's entry for these files (a later entry for a rule wins), so it repeats its selector.
    'no-restricted-syntax': [
      'error',
      KEYS_FROM_THE_FACTORY,
      { selector: 'CallExpression[callee.name=/^(apiJson|apiRequest|apiGetOrNull)$/]', message: API_CALLS_IN_API_FOLDERS },
      // `\x2F` is "/": esquery's regular expressions end at the first slash.
      { selector: 'Literal[value=/^\\x2Fapi\\x2F/]', message: API_CALLS_IN_API_FOLDERS },
      { selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\x2Fapi\\x2F/]', message: API_CALLS_IN_API_FOLDERS },
    ],
  },
};

/**
 * Small components (issue 41, item 4): a client .tsx file holds at most 300 lines of code. Blank lines and comments
 * are not counted, so the limit never asks for an explanation to be cut or code to be crammed. A long static page
 * (a legal text) may be listed in `ignores` with its reason.
 */
const smallComponents = {
  files: ['client/**/*.tsx'],
  ignores: ['client/**/*.test.tsx'],
  rules: {
    'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
  },
};

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
  keysFromTheFactory,
  apiOnlyInApiFolders,
  smallComponents,
  ...clientFeatureBoundaries,
  ...serverFeatureBoundaries,
  restrict(['server/features/orders/*.ts'], [TO_CLIENT, ORDERS_LEAF], ['**/*.test.ts']),
  restrict(['server/{db,jobs,mail,lib,plugins}/**/*.ts'], [TO_CLIENT, TO_FEATURE]),
  restrict(
    ['shared/**/*.ts'],
    [
      [['**/server/**', '**/client/**', '@client/*', '@server/*'], 'shared/ is pure: it imports neither client nor server.'],
      [['node:*', 'react', 'react-dom', 'react/*', 'react-dom/*', 'fs', 'path', 'crypto', 'os', 'url', 'stream', 'buffer', 'util', 'child_process'], 'shared/ runs in the browser and on the server alike: no Node built-ins, no React.'],
    ],
    ['shared/**/*.test.ts'],
  ),
);
