import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { classifyImport, globToRegExp, processBoundaries } from './process-boundaries.mjs';

const ROOT = '/project';
const boundaries = [
  { files: ['renderer/**'], except: ['**/*.test.ts'], forbid: ['node', 'electron', 'electron/**'], message: 'the renderer reaches the app only through window.counterpay' },
  { files: ['electron/preload/**'], forbid: ['node', 'electron/**'], allow: ['electron/preload/**'], message: 'the preload is sandboxed' },
  { files: ['electron/payments/**'], forbid: ['electron/core/**'], message: 'payments does not know the IPC core' },
  { files: ['electron/**'], except: ['**/*.test.ts', '**/testing/**'], forbid: ['**/testing/**', '**/*.test.js'], message: 'production code imports no test helper' },
];

test('globs: ** spans folders, * stays inside one', () => {
  assert.ok(globToRegExp('electron/**').test('electron/core/app-core.js'));
  assert.ok(globToRegExp('**/testing/**').test('electron/fs/testing/temp-dir.js'));
  assert.ok(!globToRegExp('electron/*.ts').test('electron/core/x.ts'));
  assert.ok(!globToRegExp('electron/**').test('electronic/x.js'));
});

test('imports resolve to a project path, a Node built-in or a package', () => {
  assert.deepEqual(classifyImport('../core/errors.js', path.join(ROOT, 'electron/payments/engine.ts'), ROOT), { kind: 'file', path: 'electron/core/errors.js' });
  assert.deepEqual(classifyImport('node:fs', '/project/x.ts', ROOT), { kind: 'node', path: 'node:fs' });
  assert.deepEqual(classifyImport('path', '/project/x.ts', ROOT), { kind: 'node', path: 'path' });
  assert.deepEqual(classifyImport('@playwright/test/reporter', '/project/x.ts', ROOT), { kind: 'package', path: '@playwright/test' });
});

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const at = (file: string) => path.join(ROOT, file);
const options = [{ root: ROOT, boundaries }];

tester.run('process-boundaries', processBoundaries, {
  valid: [
    { filename: at('renderer/src/App.tsx'), code: "import { formatMoney } from '../../shared/money.js';", options },
    { filename: at('renderer/src/logic/money.test.ts'), code: "import { test } from 'node:test';", options },
    { filename: at('electron/preload/preload.ts'), code: "import { contextBridge } from 'electron'; import { METHODS } from '../../shared/ipc/contract.js'; import { x } from './helper.js';", options },
    { filename: at('electron/payments/engine.ts'), code: "import { Journal } from './journal.js'; export { x } from '../fs/atomic-write.js';", options },
    { filename: at('electron/payments/testing/fake-bank.ts'), code: "import { withTempDir } from '../../fs/testing/temp-dir.js';", options },
  ],
  invalid: [
    { filename: at('renderer/src/App.tsx'), code: "import { readFile } from 'node:fs';", options, errors: [{ messageId: 'crossed' }] },
    { filename: at('renderer/src/App.tsx'), code: "import type { AppCore } from '../../electron/core/app-core.js';", options, errors: [{ messageId: 'crossed' }] },
    { filename: at('electron/preload/preload.ts'), code: "import { join } from 'path';", options, errors: [{ messageId: 'crossed' }] },
    { filename: at('electron/preload/preload.ts'), code: "import { x } from '../core/x.js';", options, errors: [{ messageId: 'crossed' }] },
    { filename: at('electron/payments/engine.ts'), code: "import { CoreError } from '../core/errors.js';", options, errors: [{ messageId: 'crossed' }] },
    { filename: at('electron/payments/engine.ts'), code: "export * from '../core/errors.js';", options, errors: [{ messageId: 'crossed' }] },
    { filename: at('electron/core/boot.ts'), code: "const m = await import('../payments/testing/fake-bank.js');", options, errors: [{ messageId: 'crossed' }] },
  ],
});
