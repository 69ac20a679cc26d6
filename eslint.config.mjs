// ESLint flat config: typescript-eslint for TypeScript, React rules, and the
// Docusaurus plugin (no-html-links catches raw <a href> to internal pages).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import docusaurus from '@docusaurus/eslint-plugin';
import globals from 'globals';
import {outputDirs} from './scripts/lib/build-files.mjs';

export default tseslint.config(
  {
    ignores: [...outputDirs.map((dir) => `${dir}/`), 'node_modules/', 'versioned_docs/'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {globals: {...globals.browser, ...globals.node}},
  },
  {
    // Bundler loaders, which Node loads with require().
    files: ['**/*.cjs'],
    languageOptions: {sourceType: 'commonjs', globals: globals.node},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: {react, '@docusaurus': docusaurus},
    settings: {react: {version: 'detect'}},
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      '@docusaurus/no-html-links': 'error',
      '@docusaurus/no-untranslated-text': 'off',
      '@docusaurus/string-literal-i18n-messages': 'error',
      '@docusaurus/prefer-docusaurus-heading': 'error',
      'react/prop-types': 'off',
    },
  },
  {
    // Docusaurus's private modules (`lib/`, `src/`) change without notice between versions; none
    // may be imported statically. The internals the site still relies on, each fenced by a test:
    // - `import('@docusaurus/core/lib/client/clientEntry.js')` in page-startup/client/stagedEntry.ts
    //   (a dynamic import, which this rule does not see): the staged entry must end in Docusaurus's
    //   own entry; checkClientEntry stops the build if it moves (tests/unit/page-startup.test.ts).
    // - `@docusaurus/theme-common/internal` (an exported path, allowed): `useCodeBlockContext` in
    //   code-highlight's CodeBlock copy (canaries.test.ts, token spans) and `useAnnouncementBar`
    //   in src/theme/AnnouncementBar (tests/e2e/early-input.spec.ts).
    // - `require.resolve('@docusaurus/core/lib/…')` in tests, to locate files, not to run them.
    // - `@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js` in ssg-lookup's stand-in
    //   for that module (the three functions it does not change are re-exported from it): the
    //   build stops if the docs plugin no longer imports it, and tests/unit/ssg-lookup.test.ts
    //   compares both modules' exports and results (override below).
    // A new internal needs a line here, a test that fails when it changes, and its plugin's README.
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@docusaurus/*/lib/**', '@docusaurus/*/src/**'],
              message:
                "Docusaurus's private modules change between versions: use the public API, or allow the import " +
                'in eslint.config.mjs with its reason and a test that fails when it changes.',
            },
          ],
        },
      ],
    },
  },
  {
    // ssg-lookup replaces the docs plugin's docsClientUtils in the server bundle and re-exports
    // what it keeps of it (see the list of internals above).
    files: ['src/plugins/ssg-lookup/docsClientUtils.ts'],
    rules: {'no-restricted-imports': 'off'},
  },
  {
    // The crash page wrapper links to the external issue tracker on purpose.
    files: ['src/theme/ErrorPageContent/index.tsx'],
    rules: {'@docusaurus/no-html-links': 'off'},
  },
  {
    // The test-only crash page has its own h1 on purpose, as a plain page would.
    files: ['src/pages/tests/**'],
    rules: {'@docusaurus/prefer-docusaurus-heading': 'off'},
  },
);
