/**
 * The shop's staff list in the store, so every register sees the same people: the store wins
 * (a register replaces its own copy with the store's whenever it answers), and the first
 * register to join offers its own list. Each person's PIN hash and wrong-PIN lock-out sit in
 * staff_pins, apart from the names the read-only export role may read; lock-outs are written
 * back after every check, so a person locked out on one register is locked out on all.
 * A change is saved only onto the list it was built on: when two managers save at once on two
 * registers, the later one is refused ("look again") instead of silently undoing the first, and a
 * save never brings back a lock-out older than the store's.
 *
 * The document is handed over as plain data: the staff list (electron/auth/staff-list.ts)
 * checks what is read here like any file from disk before using it.
 */
import type { PoolClient } from 'pg';
import type { StoreConnection } from './connection.js';

/** The staff document as both sides write it (PINs are opaque here: the staff list checks them). */
export interface StaffRows {
  version: 1;
  idleMinutes: number;
  people: { id: string; name: string; role: string; active: boolean; pin: unknown; lockout: unknown }[];
}

/** What the staff list asks of the store: each call throws when the store does not answer. */
export interface StaffStore {
  up(): boolean;
  /** The store's list, or null when no register has offered one yet. */
  pull(): Promise<unknown>;
  /**
   * Replaces the store's list with this one, in one transaction. With `base` (the list the change
   * was built on), writes nothing and resolves false when the store no longer holds it: two
   * managers saving at once on two registers, the later one would otherwise undo the first.
   */
  push(doc: StaffRows, base?: StaffRows): Promise<boolean>;
  /** One person's lock-out after a PIN check. */
  pushLockout(staffId: string, lockout: unknown): Promise<void>;
}

/** Any constant of ours: two registers changing the list at once take turns. */
const STAFF_LOCK = 0x05_7aff;

async function readAll(c: PoolClient): Promise<unknown> {
  const people = await c.query<{ staff_id: string; name: string; role: string; active: boolean; pin: unknown; lockout: unknown }>(
    `SELECT p.staff_id, p.name, p.role, p.active, s.pin, s.lockout FROM staff_people p LEFT JOIN staff_pins s USING (staff_id) ORDER BY p.position, p.staff_id`,
  );
  const settings = await c.query<{ idle_minutes: number }>('SELECT idle_minutes FROM staff_settings');
  if (people.rows.length === 0 && settings.rows.length === 0) return null;
  return {
    version: 1,
    idleMinutes: settings.rows[0]?.idle_minutes ?? null,
    people: people.rows.map((r) => ({ id: r.staff_id, name: r.name, role: r.role, active: r.active, pin: r.pin, lockout: r.lockout })),
  };
}

/** JSON with every object's keys in order: the store's jsonb gives a PIN's fields back in its own order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** What a manager changes (lock-outs move with every PIN check on any register and are no one's edit). */
function edits(doc: unknown): string {
  const d = (doc ?? {}) as Partial<StaffRows>;
  return canonical({ idleMinutes: d.idleMinutes ?? null, people: (d.people ?? []).map(({ lockout: _l, ...p }) => p) });
}

async function inTransaction<T>(c: PoolClient, fn: () => Promise<T>): Promise<T> {
  await c.query('BEGIN');
  try {
    await c.query('SELECT pg_advisory_xact_lock($1)', [STAFF_LOCK]);
    const done = await fn();
    await c.query('COMMIT');
    return done;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

/** False, writing nothing, when the store no longer holds `base`. An empty store (no list offered yet) has nothing to lose. */
async function replaceList(c: PoolClient, doc: StaffRows, base: StaffRows | undefined): Promise<boolean> {
  const held = base ? await readAll(c) : null;
  if (base && held !== null && edits(held) !== edits(base)) return false;
  const ids = doc.people.map((p) => p.id);
  // Names are freed before they are taken again, so a swap of two names never meets the unique index halfway.
  await c.query('DELETE FROM staff_people WHERE NOT (staff_id = ANY($1::text[]))', [ids]);
  await c.query(`UPDATE staff_people SET name = '~' || staff_id`);
  // Kept in the list's order: the counter numbers people as the manager added them.
  for (const [position, p] of doc.people.entries()) {
    await c.query(
      `INSERT INTO staff_people (staff_id, name, role, active, position) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (staff_id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, active = EXCLUDED.active,
         position = EXCLUDED.position, updated_at = now()`,
      [p.id, p.name, p.role, p.active, position],
    );
    await c.query(
      `INSERT INTO staff_pins (staff_id, pin, lockout) VALUES ($1, $2, $3)
       ON CONFLICT (staff_id) DO UPDATE SET pin = EXCLUDED.pin,
         lockout = CASE WHEN staff_pins.pin = EXCLUDED.pin THEN staff_pins.lockout ELSE EXCLUDED.lockout END`,
      [p.id, JSON.stringify(p.pin), JSON.stringify(p.lockout)],
    );
  }
  await c.query(
    `INSERT INTO staff_settings (idle_minutes) VALUES ($1) ON CONFLICT (singleton) DO UPDATE SET idle_minutes = EXCLUDED.idle_minutes`,
    [doc.idleMinutes],
  );
  return true;
}

export function storeStaff(link: () => StoreConnection | null): StaffStore {
  const conn = (): StoreConnection => {
    const c = link();
    if (!c) throw new Error('the store is not connected');
    return c;
  };
  return {
    up: () => link() !== null,
    pull: () => conn().withClient(readAll),
    push: (doc, base) => conn().withClient((c) => inTransaction(c, () => replaceList(c, doc, base))),
    pushLockout: (staffId, lockout) => conn().withClient(async (c) => {
      await c.query('UPDATE staff_pins SET lockout = $2 WHERE staff_id = $1', [staffId, JSON.stringify(lockout)]);
    }),
  };
}
