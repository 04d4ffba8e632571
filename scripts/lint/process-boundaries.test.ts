import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { GUARDED, LAYERS } from './layers.mjs';
import { classifyImport, globToRegExp, importRefusal, layerOf, processBoundaries, type Layer } from './process-boundaries.mjs';

const ROOT = '/project';

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

// A small world of its own, so each rule test says exactly what it proves.
const layers: Layer[] = [
  { name: 'tests', files: ['**/*.test.ts', '**/testing/**'], imports: ['*'], node: true, packages: ['electron'], why: 'tests' },
  { name: 'stand-ins', files: ['**/stand-ins/**'], imports: ['shared', 'payments'], node: true, why: 'fakes' },
  { name: 'shared', files: ['shared/**'], imports: [], node: false, why: 'runs everywhere' },
  { name: 'renderer', files: ['renderer/**'], imports: ['shared'], node: false, why: 'runs in Chromium' },
  { name: 'shell', files: ['electron/shell/**'], imports: ['shared', 'core', 'payments'], node: true, packages: ['electron'], why: 'the Electron shell' },
  { name: 'core', files: ['electron/core/**'], imports: ['shared', 'payments'], node: true, packages: ['undici'], why: 'plain Node' },
  { name: 'payments', files: ['electron/payments/**'], imports: ['shared'], node: true, why: 'the engine' },
  { name: 'store', files: ['electron/store/**'], imports: ['shared', 'payments'], node: true, packages: ['pg'], why: 'PostgreSQL' },
  { name: 'benchmarks', files: ['scripts/bench*'], imports: ['shared', 'stand-ins', 'payments'], node: true, why: 'benchmarks' },
];
const guarded = ['electron', 'pg', 'undici'];

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const at = (file: string) => path.join(ROOT, file);
const options = [{ root: ROOT, layers, guarded }];
const crossed = [{ messageId: 'crossed' }];

tester.run('process-boundaries', processBoundaries, {
  valid: [
    { filename: at('renderer/src/App.tsx'), code: "import { formatMoney } from '../../shared/money.js'; import { useState } from 'react';", options },
    { filename: at('renderer/src/logic/money.test.ts'), code: "import { test } from 'node:test';", options },
    { filename: at('electron/shell/main.ts'), code: "import { app } from 'electron'; import { bootCore } from '../core/boot.js';", options },
    { filename: at('electron/payments/engine.ts'), code: "import { Journal } from './journal.js'; export { x } from '../../shared/x.js';", options },
    { filename: at('electron/store/leases.ts'), code: "import pg from 'pg';", options },
    { filename: at('electron/core/app-core.ts'), code: "import type { Dispatcher } from 'undici';", options },
    { filename: at('electron/payments/testing/engine-fixture.ts'), code: "import { FakeBank } from '../stand-ins/fake-bank.js';", options },
    { filename: at('scripts/bench.ts'), code: "import { FakeBank } from '../electron/payments/stand-ins/fake-bank.js'; import { x } from './bench-charge.js';", options },
  ],
  invalid: [
    { filename: at('tools/new-thing.ts'), code: 'export const x = 1;', options, errors: [{ messageId: 'unclassified' }] },
    { filename: at('electron/newfolder/thing.ts'), code: "import { x } from '../../shared/x.js';", options, errors: [{ messageId: 'unclassified' }] },
    { filename: at('electron/core/boot.ts'), code: "import type { SafeStorage } from 'electron';", options, errors: crossed },
    { filename: at('electron/core/boot.ts'), code: "import pg from 'pg';", options, errors: crossed },
    { filename: at('electron/core/boot.ts'), code: "import { x } from '../newfolder/thing.js';", options, errors: crossed },
    { filename: at('renderer/src/App.tsx'), code: "import { readFile } from 'node:fs';", options, errors: crossed },
    { filename: at('renderer/src/App.tsx'), code: "import type { AppCore } from '../../electron/core/app-core.js';", options, errors: crossed },
    { filename: at('shared/money.ts'), code: "import { request } from 'undici';", options, errors: crossed },
    { filename: at('electron/payments/engine.ts'), code: "import { CoreError } from '../core/errors.js';", options, errors: crossed },
    { filename: at('electron/payments/engine.ts'), code: "export * from '../core/errors.js';", options, errors: crossed },
    { filename: at('electron/core/boot.ts'), code: "const m = await import('../payments/stand-ins/fake-bank.js');", options, errors: crossed },
    { filename: at('electron/core/boot.ts'), code: "import { withTempDir } from '../fs/testing/temp-dir.js';", options, errors: crossed },
    { filename: at('electron/core/boot.ts'), code: "import { main } from '../shell/main.js';", options, errors: crossed },
    { filename: at('electron/payments/stand-ins/fake-bank.ts'), code: "import { x } from '../testing/engine-fixture.js';", options, errors: crossed },
  ],
});

const tracked = execFileSync('git', ['ls-files'], { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8' })
  .split('\n').filter((f) => /\.(ts|tsx|mts|js|mjs|cjs)$/.test(f));

describe("the repository's own layers", () => {
  test('every code file of the repository belongs to a layer', () => {
    assert.ok(tracked.length > 500, `${tracked.length} files listed`);
    assert.deepEqual(tracked.filter((f) => layerOf(f, LAYERS) === null), []);
  });

  test('every layer an allow-list names exists, and each guarded package has its layers', () => {
    const names = new Set(LAYERS.map((l) => l.name));
    for (const l of LAYERS) for (const i of l.imports) assert.ok(i === '*' || names.has(i), `${l.name} imports unknown layer ${i}`);
    const holders = (pkg: string) => LAYERS.filter((l) => l.packages?.includes(pkg) && l.name !== 'tests').map((l) => l.name);
    assert.deepEqual(holders('electron'), ['preload', 'shell']);
    assert.deepEqual(holders('pg'), ['store', 'benchmarks']);
    assert.deepEqual(holders('undici'), ['core', 'api', 'auth', 'benchmarks']);
  });

  const refusal = (from: string, source: string) => {
    const layer = layerOf(from, LAYERS);
    assert.ok(layer, `${from} has a layer`);
    return importRefusal(layer, classifyImport(source, path.join(ROOT, from), ROOT), LAYERS, GUARDED);
  };

  test('core code importing electron fails; the shell and the preload may', () => {
    for (const f of ['electron/core/boot.ts', 'electron/auth/vault.ts', 'electron/payments/engine.ts', 'electron/store/leases.ts', 'shared/clock.ts', 'renderer/src/App.tsx']) {
      assert.match(refusal(f, 'electron') ?? '', /only tests, preload, shell may import 'electron'/, f);
    }
    assert.equal(refusal('electron/shell/main.ts', 'electron'), null);
    assert.equal(refusal('electron/preload/preload.ts', 'electron'), null);
  });

  test('Node built-ins stay out of every page and of shared code', () => {
    for (const f of ['renderer/src/App.tsx', 'electron/preload/preload.ts', 'harness/browser/bridge.ts', 'shared/money.ts']) assert.notEqual(refusal(f, 'node:fs'), null, f);
    for (const f of ['electron/core/boot.ts', 'electron/fs/atomic-write.ts', 'scripts/start.ts', 'e2e/counter.e2e.ts']) assert.equal(refusal(f, 'node:fs'), null, f);
  });

  test('stand-ins serve tests, benchmarks and the harness, never production code', () => {
    const fake = '../electron/payments/stand-ins/fake-bank.js';
    assert.equal(refusal('scripts/bench.ts', fake), null);
    assert.equal(refusal('harness/server/cli.ts', '../../electron/payments/stand-ins/fake-bank.js'), null);
    assert.equal(refusal('electron/payments/engine-rules.test.ts', './stand-ins/fake-bank.js'), null);
    assert.notEqual(refusal('electron/core/boot.ts', '../payments/stand-ins/fake-bank.js'), null);
    assert.notEqual(refusal('scripts/bench.ts', '../electron/payments/testing/engine-fixture.js'), null, 'benchmarks use stand-ins, not test helpers');
  });
});
