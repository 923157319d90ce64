import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's folders of src/web/features, read here so that a new feature is fenced in too.
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
    // The web app's boundaries (ARCHITECTURE.md): pages and app/ compose features; features do
    // not import each other; components/ and lib/ import neither features nor pages. Checked on
    // resolved paths, so '../../x' and 'src/web/features/x' are the same import.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript sources imported without an extension, or with '.js' (src/shared).
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in pages/ or app/, or move what they share to lib/ or components/.',
            })),
            {
              target: ['./src/web/components', './src/web/lib'],
              from: ['./src/web/features', './src/web/pages'],
              message: 'components/ and lib/ are below features and pages: take what you need as props or children.',
            },
          ],
        },
      ],
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
