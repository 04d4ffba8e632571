// The layers of Counterpay, as an allow-list: every file of the repository belongs to the
// first layer whose folders name it, and may import only the layers listed in its `imports`
// (its own always). A file no layer names is "unclassified" and fails lint, so a new folder
// must be placed before it can hold code. `node`: Node's built-in modules; `packages`: which
// of the GUARDED npm packages it may load (any other npm package is free to every layer).
// README.md's Layout table says the same in words; scripts/lint/process-boundaries.mjs applies it.

/** The npm packages that tie code to one process: only the layers naming them may import them. */
export const GUARDED = ['electron', 'pg', 'undici'];

// The main process's plain-Node layers, in the order the core uses them.
const MAIN = ['logging', 'fs', 'settings', 'api', 'auth', 'terminals', 'payments', 'history', 'store', 'sandbox', 'receipts', 'signing', 'archive', 'core'];

/** @type {import('./process-boundaries.mjs').Layer[]} */
export const LAYERS = [
  {
    name: 'tests', files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'], except: ['e2e/**'],
    imports: ['*'], node: true, packages: GUARDED,
    why: 'test suites and the helpers they share (in folders named testing/)',
  },
  {
    name: 'stand-ins', files: ['**/stand-ins/**'],
    imports: ['shared', ...MAIN], node: true, packages: [],
    why: 'fakes of the bank, of a store register and of Electron, which tests, benchmarks and the harness may use; production code never',
  },
  {
    name: 'shared', files: ['shared/**'], imports: [], node: false, packages: [],
    why: 'shared code runs in every process, so it imports none of them',
  },
  {
    name: 'renderer', files: ['renderer/**'], imports: ['shared'], node: false, packages: [],
    why: 'the renderer runs in Chromium and reaches the app only through window.counterpay',
  },
  {
    name: 'preload', files: ['electron/preload/**'], imports: ['shared'], node: false, packages: ['electron'],
    why: "the sandboxed preload may import only 'electron' and the shared contract",
  },
  {
    name: 'harness-page', files: ['harness/browser/**'], imports: ['shared'], node: false, packages: [],
    why: 'the harness bridge runs in the page, like the preload it stands in for',
  },
  {
    name: 'shell', files: ['electron/shell/**'], imports: ['shared', ...MAIN], node: true, packages: ['electron'],
    why: 'the Electron shell: the only main-process layer that imports electron',
  },
  {
    name: 'core', files: ['electron/core/**'], imports: ['shared', ...MAIN], node: true, packages: ['undici'],
    why: 'the IPC core is plain Node: the Electron shell uses it, never the other way round',
  },
  {
    name: 'payments', files: ['electron/payments/**'], imports: ['shared', 'logging', 'fs'], node: true, packages: [],
    why: 'the payment engine: the IPC core drives it, it never imports the core',
  },
  {
    name: 'api', files: ['electron/api/**'], imports: ['shared', 'logging'], node: true, packages: ['undici'],
    why: "the bank's HTTP API client",
  },
  {
    name: 'auth', files: ['electron/auth/**'], imports: ['shared', 'logging', 'fs', 'settings'], node: true, packages: ['undici'],
    why: 'OAuth sign-in, tokens, the vault and the manager PIN (Electron\'s safeStorage is handed in by the shell)',
  },
  {
    name: 'settings', files: ['electron/settings/**'], imports: ['shared', 'logging', 'fs', 'core'], node: true, packages: [],
    why: 'register and environment settings on disk (it words its setup notices with the core\'s)',
  },
  {
    name: 'terminals', files: ['electron/terminals/**'], imports: ['shared', 'logging', 'fs'], node: true, packages: [],
    why: 'the terminal directory: names and last use',
  },
  {
    name: 'fs', files: ['electron/fs/**'], imports: ['shared'], node: true, packages: [],
    why: 'crash-safe files: atomic writes, fsync, the data folder lock',
  },
  {
    name: 'history', files: ['electron/history/**'], imports: ['shared', 'logging', 'fs', 'payments', 'signing', 'archive', 'store', 'settings', 'terminals'], node: true, packages: [],
    why: 'past days, closings and the CSV export, read from the journal (or the store)',
  },
  {
    name: 'signing', files: ['electron/signing/**'], imports: ['shared', 'logging', 'fs', 'auth', 'payments'], node: true, packages: [],
    why: 'the register\'s key, the signed chain heads and their check (verify reads it, the core starts it)',
  },
  {
    name: 'archive', files: ['electron/archive/**'], imports: ['shared', 'logging', 'fs', 'payments', 'signing', 'history'], node: true, packages: [],
    why: 'a period of the journal in one file for an auditor, and its check anywhere (the CLI and the back office write it)',
  },
  {
    name: 'store', files: ['electron/store/**'], imports: ['shared', 'logging', 'fs', 'payments', 'history', 'terminals'], node: true, packages: ['pg'],
    why: 'store mode: the only layer that talks to PostgreSQL',
  },
  {
    name: 'receipts', files: ['electron/receipts/**'], imports: ['shared', 'logging', 'fs', 'payments'], node: true, packages: [],
    why: 'receipt numbers (records read back from the journal\'s chain), receipt settings, and the e-mail queue to the shop\'s mail server (the printer is handed in by the shell)',
  },
  {
    name: 'sandbox', files: ['electron/sandbox/**'], imports: ['shared', 'logging'], node: true, packages: [],
    why: "the embedded simulation of the bank that training runs (shipped, not a stand-in)",
  },
  {
    name: 'logging', files: ['electron/*.ts'], imports: [], node: true, packages: [],
    why: 'the main process\'s log and log file',
  },
  {
    name: 'harness-server', files: ['harness/server/**'], imports: ['shared', 'harness-page', 'shell', 'stand-ins', ...MAIN], node: true, packages: [],
    why: 'the browser harness: the real core over HTTP on loopback, never packaged',
  },
  {
    name: 'benchmarks', files: ['scripts/bench*.ts'], imports: ['shared', 'stand-ins', 'shell', 'harness-server', 'e2e', ...MAIN], node: true, packages: ['undici', 'pg'],
    why: 'npm run bench: the real parts measured, with stand-ins where a bank or Electron would be',
  },
  {
    name: 'e2e', files: ['e2e/**'], imports: ['shared', 'harness-page', 'tooling', 'core', 'history', 'sandbox', 'store', 'stand-ins'], node: true, packages: [],
    why: 'Playwright suites: drive the real renderer and read what a shop would read',
  },
  {
    name: 'tooling', files: ['scripts/**', 'build/*.mjs', 'eslint.config.js', 'vite.config.ts'], imports: ['shared'], node: true, packages: [],
    why: 'build, lint, start and packaging scripts; no app code',
  },
];
