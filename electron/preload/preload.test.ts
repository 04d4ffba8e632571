/**
 * Runs the real preload, bundled the way scripts/build-electron.mjs bundles it
 * (one CommonJS file, 'electron' external), in a fresh VM context with a fake
 * 'electron' module: no Electron binary needed.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { EVENT_NAMES, METHODS, channelOf, eventChannelOf } from '../../shared/ipc/contract.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

type Listener = (event: unknown, ...args: unknown[]) => void;
type Api = Record<string, (...args: unknown[]) => unknown>;

async function bundlePreload(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(HERE, 'preload.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['electron'],
    write: false,
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  assert.ok(file, 'esbuild produced no output');
  return file.text;
}

function loadPreload(code: string) {
  const exposed = new Map<string, unknown>();
  const invoked: Array<[string, unknown]> = [];
  const listeners = new Map<string, Set<Listener>>();
  const required: string[] = [];
  const ipcRenderer = {
    invoke: async (channel: string, req: unknown) => {
      invoked.push([channel, req]);
      return { ok: true, value: { channel } };
    },
    on: (channel: string, fn: Listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(fn);
    },
    removeListener: (channel: string, fn: Listener) => {
      listeners.get(channel)?.delete(fn);
    },
  };
  const electron = { contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) }, ipcRenderer };
  const module = { exports: {} };
  const requireFn = (name: string) => {
    required.push(name);
    if (name !== 'electron') throw new Error(`sandboxed preload cannot require "${name}"`);
    return electron;
  };
  vm.runInNewContext(code, { require: requireFn, module, exports: module.exports });
  const emit = (channel: string, payload: unknown) => {
    for (const fn of listeners.get(channel) ?? []) fn({ sender: ipcRenderer, ports: [] }, payload);
  };
  return { exposed, invoked, listeners, required, ipcRenderer, emit };
}

describe('preload bridge', () => {
  let loaded: ReturnType<typeof loadPreload>;
  let api: Api;

  before(async () => {
    loaded = loadPreload(await bundlePreload());
    api = loaded.exposed.get('counterpay') as Api;
  });

  test('exposes exactly window.counterpay and requires nothing but electron', () => {
    assert.deepEqual([...loaded.exposed.keys()], ['counterpay']);
    assert.deepEqual([...new Set(loaded.required)], ['electron']);
  });

  test('has one function per contract method plus on, and no generic channel access', () => {
    assert.deepEqual(Object.keys(api).sort(), [...METHODS, 'on'].sort());
    for (const value of Object.values(api)) {
      assert.equal(typeof value, 'function');
      assert.notEqual(value, loaded.ipcRenderer.invoke);
    }
  });

  test('each method invokes its own channel with the request unchanged', async () => {
    for (const method of METHODS) {
      const req = { probe: method };
      const res = await api[method]?.(req);
      assert.deepEqual(res, { ok: true, value: { channel: channelOf(method) } });
      assert.deepEqual(loaded.invoked.at(-1), [channelOf(method), req]);
    }
  });

  test('on delivers only the payload (never the IPC event) and unsubscribes', () => {
    const got: unknown[][] = [];
    const off = api.on?.('attemptUpdated', (...args: unknown[]) => got.push(args)) as () => void;
    loaded.emit(eventChannelOf('attemptUpdated'), { id: 'a1' });
    assert.deepEqual(got, [[{ id: 'a1' }]]);
    off();
    loaded.emit(eventChannelOf('attemptUpdated'), { id: 'a2' });
    assert.equal(got.length, 1);
    assert.equal(loaded.listeners.get(eventChannelOf('attemptUpdated'))?.size, 0);
  });

  test('on accepts every listed event and refuses anything else', () => {
    for (const name of EVENT_NAMES) (api.on?.(name, () => {}) as () => void)();
    for (const name of ['bogus', 'counterpay:event:attemptUpdated', '__proto__', 'constructor']) {
      assert.throws(() => api.on?.(name, () => {}), /unknown event/, name);
    }
    assert.throws(() => api.on?.('attemptUpdated', 'not a function'), /listener must be a function/);
    const channels = [...loaded.listeners.entries()].filter(([, set]) => set.size > 0).map(([c]) => c);
    assert.deepEqual(channels, []);
  });
});
