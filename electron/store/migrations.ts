/**
 * The store's schema, versioned: each step runs once, in order, in one transaction under an
 * advisory lock so two registers connecting together never migrate twice. A register refuses
 * a store whose schema is newer than the steps it knows (an older app must not write rows
 * a newer one reads differently), and a database that holds other tables but no Counterpay
 * marker (it belongs to something else).
 */
import type { PoolClient } from 'pg';
import { StoreProblem } from './store-problem.js';

/** Any constant of ours: the migration lock only needs to be the same for every register. */
const MIGRATION_LOCK = 0x0c0_0a7e;

export const MIGRATIONS: readonly string[] = [
  // 1: registers, leases, the shipped journal and each attempt's latest snapshot.
  `CREATE TABLE counterpay_schema (
     singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
     version integer NOT NULL,
     migrated_at timestamptz NOT NULL DEFAULT now());
   INSERT INTO counterpay_schema (version) VALUES (0);
   CREATE TABLE registers (
     register_id text PRIMARY KEY,
     name text NOT NULL,
     last_seen_at timestamptz NOT NULL DEFAULT now());
   CREATE TABLE terminal_leases (
     terminal_id text PRIMARY KEY,
     register_id text NOT NULL,
     register_name text NOT NULL,
     attempt_id text NOT NULL,
     amount_minor bigint NOT NULL,
     currency text NOT NULL,
     expires_at_ms bigint NOT NULL,
     taken_at timestamptz NOT NULL DEFAULT now());
   CREATE TABLE journal_records (
     register_id text NOT NULL,
     seq bigint NOT NULL,
     attempt_id text NOT NULL,
     kind text NOT NULL,
     at_ms bigint NOT NULL,
     snapshot jsonb NOT NULL,
     PRIMARY KEY (register_id, seq, attempt_id));
   CREATE TABLE attempts (
     attempt_id text PRIMARY KEY,
     register_id text NOT NULL,
     seq bigint NOT NULL,
     terminal_id text NOT NULL,
     state text NOT NULL,
     amount_minor bigint NOT NULL,
     authorized_amount_minor bigint,
     currency text NOT NULL,
     created_at_ms bigint NOT NULL,
     snapshot jsonb NOT NULL);
   CREATE INDEX attempts_by_created ON attempts (created_at_ms);`,
  // 2: the shop's terminal names and last uses, per bank environment (the bank's terminal ids are its own).
  `CREATE TABLE terminal_names (
     bank_environment text NOT NULL,
     terminal_id text NOT NULL,
     name text,
     updated_at timestamptz,
     updated_by text,
     last_used_at timestamptz,
     last_used_by text,
     PRIMARY KEY (bank_environment, terminal_id));
   CREATE UNIQUE INDEX terminal_names_unique_name ON terminal_names (bank_environment, lower(name)) WHERE name IS NOT NULL;`,
  // 3: each register's day closings and corrections, so the whole store's view says who closed and who has not.
  `CREATE TABLE day_closings (
     register_id text NOT NULL,
     day text NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
     kind text NOT NULL CHECK (kind IN ('close', 'correction')),
     at_ms bigint NOT NULL,
     closed_at timestamptz NOT NULL,
     closed_by text NOT NULL,
     totals jsonb,
     note text,
     attempt_ids jsonb NOT NULL,
     shipped_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (register_id, day, kind, at_ms));
   CREATE INDEX day_closings_by_day ON day_closings (day);`,
  // 4: each register's time zone, so the whole store's days are cut in each register's own day (null: not told yet).
  `ALTER TABLE registers ADD COLUMN time_zone text;`,
  // 5: leases dated by the store's own clock (registers' clocks disagree), and the request that took each one.
  `ALTER TABLE terminal_leases ADD COLUMN expires_at timestamptz, ADD COLUMN request_token text;
   UPDATE terminal_leases SET expires_at = to_timestamp(expires_at_ms / 1000.0);
   ALTER TABLE terminal_leases ALTER COLUMN expires_at SET NOT NULL, DROP COLUMN expires_at_ms;`,
  // 6: every journal record of every kind as the register's chain holds it: its exact text beside its parsed
  // form, keyed by what identifies it for ever (a restarted or copied chain reuses numbers, never hashes).
  `CREATE TABLE chain_records (
     register_id text NOT NULL,
     seq bigint NOT NULL,
     hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
     prev text,
     kind text NOT NULL,
     at_ms bigint NOT NULL,
     by_name text NOT NULL,
     raw text NOT NULL,
     record jsonb NOT NULL,
     shipped_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (register_id, seq, hash));`,
  // 7: the computer holding each register id, so a data folder copied to a second computer is never a silent twin.
  `ALTER TABLE registers ADD COLUMN machine text;`,
  // 8: a record's parsed form is its envelope's columns and the tables of its kind (journal_records, day_closings):
  // a second, jsonb copy of the exact text doubled what shipping stores. The view parses it when read.
  `ALTER TABLE chain_records DROP COLUMN record;
   CREATE VIEW chain_records_parsed AS SELECT *, raw::jsonb AS record FROM chain_records;`,
  // 9: a day closing's Z number and the register's grand total after it (docs/closings.md): the whole store's view
  // names each register's closing by its own number. Null on closings from before numbering.
  `ALTER TABLE day_closings ADD COLUMN z_number integer CHECK (z_number >= 1), ADD COLUMN grand_total jsonb;`,
  // 10: the shop's staff, the same on every register. PIN hashes sit apart in staff_pins, which the read-only export
  // role never reads: a 4-digit PIN's hash is cheap to brute-force offline. The role is made where the register's
  // user may make roles; elsewhere the shop's administrator grants it (docs/staff.md).
  `CREATE TABLE staff_people (
     staff_id text PRIMARY KEY CHECK (staff_id ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
     name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
     role text NOT NULL CHECK (role IN ('cashier', 'manager')),
     active boolean NOT NULL,
     position integer NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now());
   CREATE UNIQUE INDEX staff_people_unique_name ON staff_people (lower(name));
   CREATE TABLE staff_pins (
     staff_id text PRIMARY KEY REFERENCES staff_people (staff_id) ON DELETE CASCADE,
     pin jsonb NOT NULL,
     lockout jsonb NOT NULL);
   REVOKE ALL ON staff_pins FROM PUBLIC;
   CREATE TABLE staff_settings (
     singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
     idle_minutes integer NOT NULL CHECK (idle_minutes BETWEEN 1 AND 240));
   DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'counterpay_export') THEN CREATE ROLE counterpay_export NOLOGIN; END IF;
   EXCEPTION WHEN insufficient_privilege THEN NULL;
   END $$;
   DO $$ BEGIN
     IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'counterpay_export') THEN
       GRANT SELECT ON registers, journal_records, attempts, terminal_names, day_closings, chain_records, chain_records_parsed,
         staff_people, staff_settings TO counterpay_export;
       REVOKE ALL ON staff_pins FROM counterpay_export;
     END IF;
   EXCEPTION WHEN insufficient_privilege THEN NULL;
   END $$;`,
  // 11: the staff member who closed or corrected a day, by id (closed_by keeps the name); null for a typed name.
  `ALTER TABLE day_closings ADD COLUMN closed_by_id text;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the store to SCHEMA_VERSION, or throws a StoreProblem saying why it cannot. */
export async function migrate(client: PoolClient): Promise<{ from: number; to: number }> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const from = await currentVersion(client);
    if (from > SCHEMA_VERSION) {
      throw new StoreProblem('newer_schema', `store schema ${from} is newer than this register understands (${SCHEMA_VERSION})`);
    }
    for (let v = from; v < SCHEMA_VERSION; v++) {
      await client.query(MIGRATIONS[v] ?? '');
      await client.query('UPDATE counterpay_schema SET version = $1, migrated_at = now()', [v + 1]);
    }
    await client.query('COMMIT');
    return { from, to: SCHEMA_VERSION };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

/** The store's schema version; 0 for an empty database, not_a_store for one holding something else. */
export async function currentVersion(client: Pick<PoolClient, 'query'>): Promise<number> {
  const marker = await client.query<{ present: boolean }>(`SELECT to_regclass('counterpay_schema') IS NOT NULL AS present`);
  if (marker.rows[0]?.present) {
    const row = await client.query<{ version: number }>('SELECT version FROM counterpay_schema');
    const version = row.rows[0]?.version;
    if (!Number.isInteger(version) || (version ?? -1) < 0) throw new StoreProblem('not_a_store', 'the schema marker table holds no valid version');
    return version ?? 0;
  }
  // No marker: an empty database becomes a store; one holding anything else is someone else's.
  const others = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'm', 'p')`,
  );
  if (Number(others.rows[0]?.n ?? 0) > 0) throw new StoreProblem('not_a_store', 'the database holds other tables and no Counterpay schema');
  return 0;
}
