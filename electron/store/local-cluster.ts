/**
 * A throwaway PostgreSQL cluster from the Debian server binaries: tests, the bench and
 * `npm run store` start their own real server instead of mocking one. initdb runs into a
 * temporary folder; as root the server runs as the unprivileged `nobody` (PostgreSQL refuses
 * root). It listens on 127.0.0.1 at a free port, with its unix socket inside the folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const DEBIAN_PG = '/usr/lib/postgresql';
/** The cluster's superuser; its password is printed in the URL (a throwaway local store). */
export const CLUSTER_SUPERUSER = 'counterpay';

export interface LocalCluster {
  readonly port: number;
  readonly dir: string;
  /** Superuser URL of a database (default `counterpay`). */
  url(database?: string, password?: string): string;
  /** SQL as the superuser through psql (for test setup: roles, extra databases). */
  psql(sql: string, database?: string): string;
  /** Fast shutdown; start() brings the same data back on the same port. */
  stop(): Promise<void>;
  /** SIGKILL the postmaster: the crash a power cut would cause. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes the folder. */
  destroy(): Promise<void>;
  /**
   * Called when the server ends without stop(), kill() or destroy() asking it to (killed, out of
   * disk, its folder removed), with the exit code or signal and the last line it logged.
   */
  onUnexpectedExit(listener: (why: string, lastLog: string) => void): void;
}

/** Debian's newest installed server (COUNTERPAY_PG_BIN overrides). */
export function postgresBinDir(): string {
  if (process.env.COUNTERPAY_PG_BIN) return process.env.COUNTERPAY_PG_BIN;
  const versions = existsSync(DEBIAN_PG) ? readdirSync(DEBIAN_PG).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  const dir = versions.map((v) => join(DEBIAN_PG, v, 'bin')).find((d) => existsSync(join(d, 'postgres')));
  if (!dir) throw new Error('PostgreSQL server binaries not found: install Debian\'s postgresql package (.ci/run does) or set COUNTERPAY_PG_BIN');
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const asRoot = userInfo().uid === 0;
/** As root every server binary runs as nobody; otherwise as the caller. */
function asServerUser(cmd: string, args: string[]): [string, string[]] {
  return asRoot ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', '--', cmd, ...args]] : [cmd, args];
}

function run(cmd: string, args: string[], input?: string): string {
  const [c, a] = asServerUser(cmd, args);
  const res = spawnSync(c, a, { encoding: 'utf8', input, cwd: '/' });
  if (res.status !== 0) throw new Error(`${cmd} failed (${res.status}): ${res.stderr || res.stdout || res.error?.message}`);
  return res.stdout;
}

export async function startLocalCluster(opts: { port?: number; password?: string; maxConnections?: number } = {}): Promise<LocalCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'counterpay-pg-'));
  const data = join(dir, 'data');
  const password = opts.password ?? 'counterpay';
  if (asRoot) chownSync(dir, 65534, 65534);
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, password, { mode: 0o600 });
  if (asRoot) chownSync(pwfile, 65534, 65534);
  run(join(bin, 'initdb'), ['-D', data, '-U', CLUSTER_SUPERUSER, '--pwfile', pwfile, '-A', 'scram-sha-256', '--auth-local=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  rmSync(pwfile);
  const port = opts.port ?? (await freePort());
  let child: ChildProcess | null = null;
  const unexpectedExit: Array<(why: string, lastLog: string) => void> = [];

  const start = async () => {
    const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on', '-c', `max_connections=${opts.maxConnections ?? 100}`, '-c', 'shared_buffers=32MB'];
    const [c, a] = asServerUser(join(bin, 'postgres'), args);
    const proc = spawn(c, a, { stdio: ['ignore', 'ignore', 'pipe'], cwd: '/' });
    let log = '';
    proc.stderr?.on('data', (d: Buffer) => { log = (log + d.toString()).slice(-4000); });
    child = proc;
    proc.once('exit', (code, signal) => {
      // waitExit() forgets the child before asking it to end, so only a death nobody asked for reaches here.
      if (child !== proc) return;
      child = null;
      const lastLog = log.trim().split('\n').pop() ?? '';
      for (const listener of unexpectedExit) listener(signal ? `killed by ${signal}` : `exit code ${code}`, lastLog);
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ready = spawnSync(join(bin, 'pg_isready'), ['-h', dir, '-p', String(port), '-U', CLUSTER_SUPERUSER], { encoding: 'utf8' });
      if (ready.status === 0) return;
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const waitExit = (signal: NodeJS.Signals) => new Promise<void>((resolve) => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
  const cluster: LocalCluster = {
    port,
    dir,
    url: (database = 'counterpay', pw = password) => `postgres://${CLUSTER_SUPERUSER}:${encodeURIComponent(pw)}@127.0.0.1:${port}/${database}`,
    psql: (sql, database = 'postgres') => run(join(bin, 'psql'), ['-h', dir, '-p', String(port), '-U', CLUSTER_SUPERUSER, '-d', database, '-v', 'ON_ERROR_STOP=1', '-qAt'], sql),
    stop: () => waitExit('SIGINT'),
    // The postmaster's children die with it: shared memory is gone once they notice, a few ms later.
    kill: async () => { await waitExit('SIGKILL'); await new Promise((r) => setTimeout(r, 300)); },
    start,
    destroy: async () => { await waitExit('SIGINT'); rmSync(dir, { recursive: true, force: true }); },
    onUnexpectedExit: (listener) => { unexpectedExit.push(listener); },
  };
  try {
    await start();
    cluster.psql(`CREATE DATABASE counterpay`);
  } catch (e) {
    await cluster.destroy();
    throw e;
  }
  return cluster;
}
