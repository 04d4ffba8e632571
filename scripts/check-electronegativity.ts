/**
 * npm run check:electron — runs electronegativity over the repository (it
 * skips node_modules) against the Electron version installed, and fails on
 * what electronegativity-report.ts says fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { judge, readFindings, type Acceptance } from './electronegativity-report.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const electronVersion = (require('electron/package.json') as { version: string }).version;
const bin = join(root, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js');
const out = mkdtempSync(join(tmpdir(), 'electronegativity-'));
const csv = join(out, 'report.csv');
try {
  const run = spawnSync(process.execPath, [bin, '-i', root, '-r', '-e', electronVersion, '-v', 'false', '-o', csv], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`electronegativity failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  const findings = readFindings(readFileSync(csv, 'utf8'));
  const accepted = JSON.parse(readFileSync(join(root, 'scripts', 'electronegativity-accepted.json'), 'utf8')) as { accepted: Acceptance[] };
  const { problems, acceptedCount } = judge(findings, accepted.accepted);
  const counts = ['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'].map((s) => `${findings.filter((f) => f.severity === s).length} ${s}`).join(', ');
  if (problems.length > 0) {
    console.error(`electronegativity (Electron ${electronVersion}): ${counts}\n${problems.map((p) => `  ✗ ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.info(`electronegativity (Electron ${electronVersion}): ${counts}; every MEDIUM accepted with its reason (${acceptedCount}).`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
