/** Building a fresh attempt, and checking what the cashier asked for before anything is journaled. */
import { randomUUID } from 'node:crypto';
import { ATTEMPT_DEADLINE_MS, FRESH_ATTEMPT_FIELDS, type Attempt, type AttemptTerminal } from '../../shared/domain/attempt.js';
import { frozenJsonCopy, type JsonObject } from '../../shared/json.js';
import type { FieldIssue } from '../../shared/result.js';
import type { StaffRef } from '../../shared/domain/staff.js';
import { amountIssues, currencyIssues, metadataIssues } from '../../shared/validation/terminal-payment.js';
import { EngineRefusal } from './engine-refusal.js';
import { isProvenMetadata, provenMetadataCopy } from '../../shared/validation/proven-metadata.js';

export interface ChargeInput {
  terminalId: string;
  amountMinor: number;
  currency: 'EUR';
  metadata: JsonObject;
  /** The terminal's serial and shop name as the register knows them now, journaled with the attempt. */
  terminal?: AttemptTerminal;
}

const TERMINAL_TEXT_MAX = 200;
const terminalText = (v: unknown): boolean => typeof v === 'string' && v.length >= 1 && v.length <= TERMINAL_TEXT_MAX;

/**
 * The core validates IPC payloads already; this guards every other caller, with the same messages.
 * Returns the metadata to journal: a frozen copy proven in the same walk that checks it
 * (shared/validation/proven-metadata.ts), or, when that walk cannot vouch for it, the caller's own, checked here
 * the long way and copied by newAttempt as before.
 */
export function assertChargeInput(input: ChargeInput): JsonObject {
  // Proven already when it came through the window's checked request (quick-charge.ts): not walked again.
  const proven = isProvenMetadata(input.metadata) ? input.metadata : provenMetadataCopy(input.metadata);
  const issues: FieldIssue[] = [];
  if (typeof input.terminalId !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(input.terminalId)) {
    issues.push({ pointer: '/terminalId', code: 'invalid', detail: 'terminalId is not a valid identifier' });
  }
  issues.push(...amountIssues(input.amountMinor));
  issues.push(...currencyIssues(input.currency));
  if (!proven) issues.push(...metadataIssues(input.metadata));
  const t = input.terminal;
  if (t !== undefined && (typeof t !== 'object' || t === null || !terminalText(t.serial) || !(t.name === null || terminalText(t.name)))) {
    issues.push({ pointer: '/terminal', code: 'invalid', detail: 'terminal needs a serial and a name (or null), each 1 to 200 characters' });
  }
  if (issues.length) throw new EngineRefusal('invalid_request', issues.map((i) => `${i.pointer}: ${i.detail}`).join('; '), issues);
  return proven ?? input.metadata;
}

export interface NewAttemptSpec extends ChargeInput {
  registerId: string;
  /** null starts a new sale, named after its first attempt. */
  saleId: string | null;
  previousAttemptId: string | null;
  /** Who is selling: the engine's signed-in person, never the renderer's word. Absent or null: nobody signed in. */
  cashier?: StaffRef | null;
}

export function newAttempt(spec: NewAttemptSpec, now: number, newId: () => string = randomUUID): Attempt {
  const id = newId();
  const idempotencyKey = newId();
  if (id === idempotencyKey) throw new Error('newId returned the same value twice');
  return {
    id,
    saleId: spec.saleId ?? id,
    previousAttemptId: spec.previousAttemptId,
    registerId: spec.registerId,
    terminalId: spec.terminalId,
    amountMinor: spec.amountMinor,
    currency: spec.currency,
    // A private, frozen copy: neither the caller nor anyone the attempt is handed to can change it once journaled.
    // Metadata proven already is such a copy (frozen all the way down): it is shared, not copied again.
    metadata: isProvenMetadata(spec.metadata) ? spec.metadata : frozenJsonCopy(spec.metadata),
    idempotencyKey,
    createdAt: now,
    deadlineAt: now + ATTEMPT_DEADLINE_MS,
    state: 'sending',
    updatedAt: now,
    ...FRESH_ATTEMPT_FIELDS,
    ...(spec.terminal ? { terminal: { serial: spec.terminal.serial, name: spec.terminal.name } } : {}),
    ...(spec.cashier ? { cashier: { id: spec.cashier.id, name: spec.cashier.name } } : {}),
  };
}
