/** `npm run store` as a person runs it: a real PostgreSQL in a real child process, killed from outside. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

describe('npm run store', () => {
  test('--help explains it and starts nothing; an unknown option is a usage error', () => {
    const help = spawnSync(process.execPath, ['--import', 'tsx', 'electron/store/cli.ts', '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^usage: npm run store -- \[--port N\]/);
    assert.doesNotMatch(help.stdout, /postgres:\/\//);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'electron/store/cli.ts', '--prot', '5432'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /Unknown option '--prot'[\s\S]*usage: npm run store/);
  });

  test('when its PostgreSQL dies it says so, removes its temporary cluster and exits non-zero', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/store/cli.ts'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const dir = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /throwaway data in (\S+)\)/.exec(out);
        if (m?.[1] && out.includes('postgres://')) resolve(m[1]);
      });
      void exited.then((code) => reject(new Error(`store exited early (${code}): ${err}`)));
    });
    try {
      assert.ok(existsSync(dir));
      // The postmaster's pid is the first line of postmaster.pid: killing it is the server's death.
      const pid = Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      assert.ok(pid > 0);
      process.kill(pid, 'SIGKILL');
      const code = await exited;
      assert.notEqual(code, 0);
      assert.equal(code, 1);
      assert.match(err, /The store's PostgreSQL server stopped on its own \(killed by SIGKILL\)/);
      assert.match(err, /being removed/);
      assert.equal(existsSync(dir), false, `${dir} was left behind`);
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
    }
  });
});
