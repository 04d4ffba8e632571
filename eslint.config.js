import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import counterpay from './scripts/lint/process-boundaries.mjs';
import uiText from './scripts/lint/no-literal-ui-text.js';

// Screens not yet through the catalogs; remove a line once its screen is converted.
const I18N_PENDING = [
];


// Test code: suites, and the helpers they share (always in a folder named `testing/`).
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];
// Code that runs in a page (Chromium): the renderer, the sandboxed preload, the harness's bridge.
const PAGES = ['renderer/**', 'electron/preload/**', 'harness/browser/**'];

// The folder says which process runs a file; these are the imports no process may make.
const boundaries = [
  {
    files: ['renderer/**'], except: TESTS,
    forbid: ['node', 'electron', 'undici', 'electron/**', 'harness/**'],
    message: 'the renderer runs in Chromium and reaches the app only through window.counterpay',
  },
  {
    files: ['electron/preload/**'], except: TESTS,
    forbid: ['node', 'undici', 'electron/**', 'renderer/**', 'harness/**'], allow: ['electron/preload/**'],
    message: "the sandboxed preload may import only 'electron' and the shared contract",
  },
  {
    files: ['harness/browser/**'],
    forbid: ['node', 'electron', 'undici', 'electron/**', 'renderer/**', 'harness/**'], allow: ['harness/browser/**'],
    message: 'the harness bridge runs in the page, like the preload it stands in for',
  },
  {
    files: ['shared/**'], except: TESTS,
    forbid: ['node', 'electron', 'undici', 'electron/**', 'renderer/**', 'harness/**'],
    message: 'shared code runs in every process, so it imports none of them',
  },
  {
    files: ['electron/**'], except: ['electron/shell/**', 'electron/preload/**', ...TESTS],
    forbid: ['electron/shell/**', 'electron/preload/**', 'renderer/**', 'harness/**'],
    message: 'the main-process core is plain Node: the Electron shell uses it, never the other way round',
  },
  {
    files: ['electron/shell/**'], forbid: ['renderer/**', 'harness/**'],
    message: 'the main process never loads the renderer or the harness as code',
  },
  {
    files: ['electron/payments/**'], forbid: ['electron/core/**'],
    message: 'payments is the engine the IPC core drives; it never imports the core',
  },
  {
    files: ['electron/**', 'shared/**', 'renderer/**', 'harness/**'], except: TESTS,
    forbid: [...TESTS.map((t) => t.replace('.ts', '.js')), '**/testing/**', 'e2e/**'],
    message: 'production code imports no test helper',
  },
];

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
      'counterpay/process-boundaries': ['error', { boundaries }],
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
