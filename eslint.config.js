import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features do not reach into each other; shared things live in components/ or lib/.
      // `../<feature>/api/...` and `../<feature>/components/...` are another feature's insides; the shared
      // `../../components/...` and `../../lib/...` are not (the segment after `../` must not be `..`).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../features/*/*'], message: 'Import from a feature only through app/ or shared folders.' },
            { regex: '^\\.\\./(?!\\.\\./)[^/]+/(api|components)/', message: 'Import from a feature only through app/ or shared folders.' },
          ],
        },
      ],
    },
  },
  // A file reads in one sitting: at most 300 lines outside tests, fixtures and migrations, with no
  // exception.
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['**/*.test.{ts,tsx}', '**/fixtures/**', '**/migrations/**', 'apps/web/src/lib/testing/**'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.config.*', 'apps/server/build.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config/env.ts.' }] },
  },
);
