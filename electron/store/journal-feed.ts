/**
 * This register's committed journal records, numbered, read back from the journal files: the
 * durable source the outbox ships from, so nothing is lost across restarts or a store outage.
 * A record's sequence is its day (days since 1970) times 2^20 plus its line number in that
 * day's file: files are append-only, so a number never changes or gets reused, and numbers grow
 * in the order records were written. A line that cannot be read uses up its number.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { decodeLine } from '../payments/journal-records.js';
import type { CommittedRecord } from './ports.js';

const LINES_PER_DAY = 2 ** 20;
const FILE_RE = /^(\d{4})-(\d{2})-(\d{2})\.jsonl$/;

export interface RecordSource {
  /** Records with seq > after, oldest first, at most `limit`. */
  since(after: number, limit: number): Promise<CommittedRecord[]>;
}

const dayNumber = (y: string, m: string, d: string): number => Date.UTC(Number(y), Number(m) - 1, Number(d)) / 86_400_000;

export class JournalFeed implements RecordSource {
  /** Where the last read stopped, so a read costs the new lines only. */
  private pos: { day: number; bytes: number; line: number } | null = null;

  constructor(private readonly journalDir: string) {}

  static forDataDir(dataDir: string): JournalFeed {
    return new JournalFeed(join(dataDir, 'journal'));
  }

  async since(after: number, limit: number): Promise<CommittedRecord[]> {
    const out: CommittedRecord[] = [];
    for (const { day, name } of await this.days(Math.floor(after / LINES_PER_DAY))) {
      const start = this.pos && this.pos.day === day && (day * LINES_PER_DAY + this.pos.line) <= after + 1 ? this.pos : { day, bytes: 0, line: 0 };
      const handle = await fs.open(join(this.journalDir, name), 'r');
      let text: string;
      try {
        const size = (await handle.stat()).size;
        const buf = Buffer.alloc(size - start.bytes);
        await handle.read(buf, 0, buf.length, start.bytes);
        text = buf.toString('utf8');
      } finally {
        await handle.close();
      }
      let bytes = start.bytes;
      let line = start.line;
      let cursor = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', cursor)) {
        const raw = text.slice(cursor, nl);
        const seq = day * LINES_PER_DAY + line;
        cursor = nl + 1;
        if (seq > after) {
          if (out.length >= limit) return out;
          const decoded = decodeLine(raw);
          if (decoded.ok) out.push({ seq, kind: decoded.record.kind, at: decoded.record.at, attempts: decoded.record.attempts });
        }
        bytes += Buffer.byteLength(raw, 'utf8') + 1;
        line += 1;
        this.pos = { day, bytes, line };
      }
    }
    return out;
  }

  private async days(from: number): Promise<{ day: number; name: string }[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.journalDir);
    } catch {
      return [];
    }
    return names
      .map((name) => {
        const m = FILE_RE.exec(name);
        return m ? { day: dayNumber(m[1] ?? '', m[2] ?? '', m[3] ?? ''), name } : null;
      })
      .filter((d): d is { day: number; name: string } => d !== null && d.day >= from)
      .sort((x, y) => x.day - y.day);
  }
}
