/** Spawns crash-child.ts and follows its JSON-line events, for the crash tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export type ChildEvent = Record<string, unknown> & { ev: string };

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));

export class RunningChild {
  readonly events: ChildEvent[] = [];
  readonly stderr: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly proc: ChildProcess;
  private waiters: (() => void)[] = [];

  constructor(config: Record<string, unknown>) {
    this.proc = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, CRASH_CHILD: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    createInterface({ input: this.proc.stdout! }).on('line', (line) => {
      try {
        this.events.push(JSON.parse(line) as ChildEvent);
      } catch {
        this.stderr.push(`(stdout) ${line}`);
      }
      this.notify();
    });
    createInterface({ input: this.proc.stderr! }).on('line', (line) => this.stderr.push(line));
    this.exited = new Promise((resolve) => this.proc.on('exit', (code, signal) => {
      resolve({ code, signal });
      this.notify();
    }));
  }

  /** Resolves the first event matching `pred` (already seen or coming); fails if the child exits or time runs out. */
  waitFor(pred: (e: ChildEvent) => boolean, what: string, timeoutMs = 45_000): Promise<ChildEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`timed out waiting for ${what}; stderr:\n${this.stderr.join('\n')}`)), timeoutMs);
      const check = () => {
        const hit = this.events.find(pred);
        if (hit) return done(null, hit);
        if (this.proc.exitCode !== null || this.proc.signalCode !== null) done(new Error(`child exited before ${what}; stderr:\n${this.stderr.join('\n')}`));
      };
      const done = (err: Error | null, hit?: ChildEvent) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        if (err) reject(err);
        else resolve(hit!);
      };
      this.waiters.push(check);
      check();
    });
  }

  /** SIGKILL: no handler runs, no buffer is flushed, exactly like a power cut for the process. */
  async kill(): Promise<void> {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill('SIGKILL');
    await this.exited;
  }

  private notify(): void {
    for (const w of [...this.waiters]) w();
  }
}
