/**
 * This register's committed journal records read back from the journal files, in sequence: the
 * durable source the outbox ships from, so nothing is lost across restarts or a store outage.
 * Each record carries its sequence number (+1 per record across day files); a record written
 * before numbers existed takes the one after its predecessor. A line that cannot be read is
 * skipped here; the engine reports it.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { decodeLine, decodeRecordText } from '../payments/journal-records.js';
import { unseal } from '../payments/journal-envelope.js';
import type { CommittedRecord } from './ports.js';

const FILE_RE = /^\d{4}-\d{2}-\d{2}\.jsonl$/;

export interface RecordSource {
  /** Records with seq > after, oldest first, at most `limit`. */
  since(after: number, limit: number): Promise<CommittedRecord[]>;
}

interface Position { name: string; bytes: number; lastSeq: number }

export class JournalFeed implements RecordSource {
  /** Where the last read stopped, so the next one costs the new lines only. */
  private pos: Position | null = null;

  constructor(private readonly journalDir: string) {}

  static forDataDir(dataDir: string): JournalFeed {
    return new JournalFeed(join(dataDir, 'journal'));
  }

  async since(after: number, limit: number): Promise<CommittedRecord[]> {
    const names = await this.files();
    let start: Position = this.pos && this.pos.lastSeq <= after && names.includes(this.pos.name) ? this.pos : await this.findStart(names, after);
    const out: CommittedRecord[] = [];
    for (let i = names.indexOf(start.name); i >= 0 && i < names.length; i++) {
      const name = names[i] ?? '';
      if (name !== start.name) start = { name, bytes: 0, lastSeq: start.lastSeq };
      const text = await readFrom(join(this.journalDir, name), start.bytes);
      let { bytes, lastSeq } = start;
      let cursor = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', cursor)) {
        const raw = text.slice(cursor, nl);
        const sealed = unseal(raw);
        const decoded = sealed.ok ? decodeRecordText(sealed.raw, sealed.hash) : sealed;
        const seq = decoded.ok ? (decoded.entry.seq ?? lastSeq + 1) : lastSeq;
        // Every kind ships, each with its identity and exact text; only attempt records carry attempts.
        if (decoded.ok && sealed.ok && seq > after) {
          if (out.length >= limit) return out;
          const { entry } = decoded;
          const chain = { hash: entry.hash, prev: entry.prev, by: entry.by, raw: sealed.raw };
          out.push({ seq, kind: entry.kind, at: entry.at, attempts: decoded.record?.attempts ?? [], chain });
        }
        cursor = nl + 1;
        bytes += Buffer.byteLength(raw, 'utf8') + 1;
        lastSeq = Math.max(lastSeq, seq);
        this.pos = { name, bytes, lastSeq };
      }
    }
    return out;
  }

  /** The newest file whose first record is at most after + 1 (older files hold only shipped records). */
  private async findStart(names: string[], after: number): Promise<Position> {
    for (let i = names.length - 1; i > 0; i--) {
      const name = names[i] ?? '';
      const first = firstSeq(await readFrom(join(this.journalDir, name), 0));
      if (first !== null && first <= after + 1) return { name, bytes: 0, lastSeq: first - 1 };
    }
    return { name: names[0] ?? '', bytes: 0, lastSeq: 0 };
  }

  private async files(): Promise<string[]> {
    try {
      return (await fs.readdir(this.journalDir)).filter((n) => FILE_RE.test(n)).sort();
    } catch {
      return [];
    }
  }
}

async function readFrom(path: string, offset: number): Promise<string> {
  const handle = await fs.open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    const buf = Buffer.alloc(Math.max(0, size - offset));
    await handle.read(buf, 0, buf.length, offset);
    return buf.toString('utf8');
  } finally {
    await handle.close();
  }
}

function firstSeq(text: string): number | null {
  for (const line of text.split('\n')) {
    const d = decodeLine(line);
    if (d.ok) return d.entry.seq;
  }
  return null;
}
