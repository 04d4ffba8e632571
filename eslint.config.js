import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import counterpay from './scripts/lint/process-boundaries.mjs';
import { GUARDED, LAYERS } from './scripts/lint/layers.mjs';
import uiText from './scripts/lint/no-literal-ui-text.js';

// Screens not yet through the catalogs; remove a line once its screen is converted.
const I18N_PENDING = [
];


// Code that runs in a page (Chromium): the renderer, the sandboxed preload, the harness's bridge.
const PAGES = ['renderer/**', 'electron/preload/**', 'harness/browser/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    plugins: { counterpay },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // Every file belongs to a layer and imports only what its layer allows (scripts/lint/layers.mjs).
      'counterpay/process-boundaries': ['error', { layers: LAYERS, guarded: GUARDED }],
    },
  },
  { files: [...PAGES, 'e2e/**'], languageOptions: { globals: globals.browser } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Every word a person reads comes from the message catalogs (shared/i18n/catalogs).
    // Screens still being converted are listed in I18N_PENDING until they are.
    files: ['renderer/**/*.tsx'],
    ignores: I18N_PENDING,
    plugins: { 'ui-text': uiText },
    rules: { 'ui-text/no-literal-ui-text': 'error' },
  },
);
