import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**', 'e2e/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/server/modules/*/**/*.ts'],
    rules: {
      // A module meets the others only through their index.ts (ARCHITECTURE.md); its own files are its own.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./[^./][^/]*/(?!index\\.js$)', message: "Import another module only through its index.js ('../<module>/index.js')." },
            { regex: '(^|/)modules/[^/]+/(?!index\\.js$)', message: "Import another module only through its index.js ('../<module>/index.js')." },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/modules/**'],
    rules: {
      // The app, jobs, plugins, lib and the CLI use a module through its index.ts too.
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[^/]+/(?!index\\.js$)', message: "Import a module only through its index.js ('modules/<module>/index.js')." }] },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never reaches into the server.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'web/ must not import server/' }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      // shared/ runs on both sides: no Node or DOM, no server or web imports.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*'], message: 'shared/ imports neither side' }] }],
    },
  },
);
