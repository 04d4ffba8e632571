/**
 * One data folder, one writing process. Two payment engines on one journal
 * lose attempts (each rewrites the day file without the other's records), and
 * Electron's single-instance lock only sees other copies of the app, not a
 * harness or a script. So whoever opens the folder to write holds this lock.
 *
 * Node has no flock, and a lock file left behind by a crash would block the
 * next start. The lock is therefore a listening local socket whose name is
 * derived from the folder: while the holder lives the OS refuses a second
 * listener on that name, and the moment it dies, kill -9 included, the OS
 * closes the socket and the name is free again. Nothing on disk to go stale.
 * - Linux: an abstract-namespace Unix socket (no file at all).
 * - Windows: a named pipe (\\.\pipe\…); the first instance is exclusive.
 * - macOS and other Unixes: a socket file under /tmp. A file outlives its
 *   process, so a name nobody answers on is stale: it is removed and taken.
 * A second opener connects to the name and the holder answers who it is
 * (program, process id, since when), which goes into the refusal message.
 *
 * The name comes from the folder's device and inode numbers, so another path
 * to the same folder (a symlink, a bind mount) meets the same lock. Read-only
 * tools (a journal export) do not take it: they may read while the app runs.
 * Linux caveat: abstract sockets are per network namespace, so two container
 * sandboxes sharing a folder would not see each other's lock.
 */
import { createHash } from 'node:crypto';
import { statSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { isPlainObject } from '../../shared/json.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';

/** A holder's answer is three short fields; a longer one is not from Counterpay and is not read further. */
const MAX_HOLDER_CHARS = 4096;

export interface LockHolder {
  program: string;
  pid: number;
  /** ISO time the lock was taken. */
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(readonly dir: string, readonly holder: LockHolder | null) {
    const who = holder ? `${holder.program} (process ${holder.pid}, running since ${holder.since})` : 'another program that did not say what it is';
    super(`The data folder ${dir} is already in use by ${who}. Close it first, then start again: two programs writing one payment journal could lose a payment.`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly dir: string;
  /** Frees the folder; the OS does the same if the process dies. */
  release(): Promise<void>;
}

/** What this process is, in words for the refusal another process will show. */
export function describeThisProcess(): string {
  if (process.versions.electron) return 'the Counterpay app';
  const script = process.argv[1] ?? 'node';
  return `a Node process running ${script.replace(/^.*[\\/](?=[^\\/]+[\\/][^\\/]+$)/, '')}`;
}

/** The socket name for a folder; exported for tests. */
export function lockAddress(dir: string, platform: NodeJS.Platform = process.platform): string {
  const { dev, ino } = statSync(dir, { bigint: true });
  const id = createHash('sha256').update(`counterpay-data-dir:${dev}:${ino}`).digest('hex').slice(0, 32);
  if (platform === 'linux') return `\0counterpay-${id}`;
  if (platform === 'win32') return `\\\\.\\pipe\\counterpay-${id}`;
  return `/tmp/counterpay-${id}.sock`;
}

function listen(server: Server, address: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      resolve(e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(null);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ path: address, exclusive: true });
  });
}

/** The holder's answer is another process's bytes: parsed within limits, and used only when it has the three fields. */
function readHolder(text: string): LockHolder | null {
  const parsed = parseBoundedJson(text, MAX_HOLDER_CHARS);
  if (!parsed.ok || !isPlainObject(parsed.value)) return null;
  const v = parsed.value;
  return typeof v.program === 'string' && typeof v.pid === 'number' && typeof v.since === 'string'
    ? { program: v.program.slice(0, 200), pid: v.pid, since: v.since.slice(0, 100) }
    : null;
}

/** Asks whoever listens on the name who they are; null when nobody answers (a stale socket file). */
function askHolder(address: string): Promise<{ alive: boolean; holder: LockHolder | null }> {
  return new Promise((resolve) => {
    const socket = connect({ path: address });
    let text = '';
    let connected = false;
    const done = (alive: boolean) => {
      socket.destroy();
      clearTimeout(timer);
      resolve({ alive, holder: readHolder(text) });
    };
    // A holder stuck in a long synchronous task still holds the name: alive, only nameless.
    const timer = setTimeout(() => done(connected), 2000);
    socket.setEncoding('utf8');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_HOLDER_CHARS) done(true);
    });
    socket.on('end', () => done(true));
    socket.on('error', (e: NodeJS.ErrnoException) => done(connected || (e.code !== 'ECONNREFUSED' && e.code !== 'ENOENT')));
  });
}

/**
 * Takes the folder for this process or throws DataDirLockedError naming the
 * holder. Never waits on a dead holder: its socket is gone with it.
 */
export async function lockDataDir(
  dir: string,
  program = describeThisProcess(),
  /** Tests only: the socket-file scheme of macOS can be exercised on Linux. */
  platform: NodeJS.Platform = process.platform,
): Promise<DataDirLock> {
  const address = lockAddress(dir, platform);
  const me: LockHolder = { program, pid: process.pid, since: new Date().toISOString() };
  const answer = JSON.stringify(me) + '\n';
  const fileBased = !address.startsWith('\0') && !address.startsWith('\\\\');
  for (let attempt = 0; ; attempt++) {
    const server = createServer((socket) => socket.end(answer));
    const error = await listen(server, address);
    if (!error) {
      // The lock must never keep a process alive on its own.
      server.unref();
      return {
        dir,
        release: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    }
    if (error.code !== 'EADDRINUSE') throw error;
    const { alive, holder } = await askHolder(address);
    if (alive || !fileBased || attempt > 0) throw new DataDirLockedError(dir, holder);
    // A socket file nobody answers on was left by a process that died: remove it and try once more.
    try {
      unlinkSync(address);
    } catch {
      // Another starter removed it first; the next listen decides.
    }
  }
}
