// Node 20's test runner takes no globs, so this finds every *.test.ts outside
// e2e/ and hands the list to `node --import tsx --test`.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const roots = ['shared', 'electron', 'renderer', 'harness', 'scripts'];
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.ts')) files.push(p);
  }
};
for (const r of roots) {
  try { walk(r); } catch { /* folder may not exist yet */ }
}
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
if (selected.length === 0) {
  console.error('no unit test files found');
  process.exit(1);
}
const res = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...selected], { stdio: 'inherit' });
process.exit(res.status ?? 1);
