import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const boundary = (from, forbidden, message) => ({
  files: [`${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: forbidden, message }] },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
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
  // Imports run one way: client → shared ← server. shared is pure (no server, no DOM-only code).
  boundary('client', ['**/server/**', '@server/*'], 'The client never imports server code; share it through shared/.'),
  boundary('server', ['**/client/**', '@client/*'], 'The server never imports client code; share it through shared/.'),
  boundary('shared', ['**/server/**', '**/client/**', '@client/*'], 'shared/ is pure: it imports neither client nor server.'),
);
