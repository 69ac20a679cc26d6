// ESLint flat config: typescript-eslint for TypeScript, React rules, and the
// Docusaurus plugin (no-html-links catches raw <a href> to internal pages).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import docusaurus from '@docusaurus/eslint-plugin';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-nginx/',
      'build-hosted/',
      '.docusaurus/',
      'node_modules/',
      'test-results/',
      'bench-results/',
      'dist/',
      'versioned_docs/',
    ],
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
