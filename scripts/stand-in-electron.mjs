// A stand-in for Electron's Linux distribution, for packaging checks on a machine
// that cannot download the real one. It has the files electron-builder copies and
// a fuse wire at Electron's defaults behind the real sentinel, so flipping the
// fuses and reading them back work as they do on the real binary. It never runs
// the app: its executable only says it is a stand-in.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's own defaults, in FuseV1Options order: RunAsNode on, cookie encryption off, NODE_OPTIONS on, --inspect on, asar integrity off, only-asar off, browser V8 snapshot off, file:// privileges on. */
export const DEFAULT_FUSES = '10110001';

export function writeStandInElectron(dir, version) {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, DEFAULT_FUSES.length]), Buffer.from(DEFAULT_FUSES)]);
  const script = Buffer.from('#!/bin/sh\necho "stand-in Electron for packaging checks: it cannot run the app" >&2\nexit 1\n# ');
  writeFileSync(join(dir, 'electron'), Buffer.concat([script, wire, Buffer.from('\n')]), { mode: 0o755 });
  writeFileSync(join(dir, 'chrome-sandbox'), '', { mode: 0o755 });
  for (const name of ['chrome_100_percent.pak', 'chrome_200_percent.pak', 'resources.pak', 'icudtl.dat', 'snapshot_blob.bin', 'v8_context_snapshot.bin', 'libffmpeg.so']) {
    writeFileSync(join(dir, name), '');
  }
  for (const locale of ['en-US', 'fr', 'de', 'es', 'it', 'ja', 'zh-CN', 'pt-BR']) writeFileSync(join(dir, 'locales', `${locale}.pak`), '');
  writeFileSync(join(dir, 'version'), version);
  writeFileSync(join(dir, 'LICENSE'), 'stand-in');
  writeFileSync(join(dir, 'LICENSES.chromium.html'), 'stand-in');
}
