/**
 * The body of PUT /__sandbox/terminals/{id}/behaviour, read against the
 * terminal's current behaviour: every field is optional and keeps its value
 * when left out, except those that only mean something in one mode.
 */
import { REFUSAL_REASONS, type RefusalReason } from '../../shared/domain/refusal-reasons.js';
import { decimalStringToMinor } from '../../shared/money.js';
import { badRequest } from './http-util.js';
import { BUSY_MODES, TERMINAL_MODES, type BusyMode, type TerminalBehaviour, type TerminalMode } from './state.js';

const MAX_DELAY_MS = 86_400_000;
/** The tip the provider's published webhook example carries. */
export const DEFAULT_TIP = '1.00';
const MAX_TIP_MINOR = 100_000_00;
const TIP_FORMAT = /^\d{1,6}(\.\d{1,2})?$/;

function pick<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (!allowed.includes(value as T)) throw badRequest(`${field} must be one of: ${allowed.join(', ')}`);
  return value as T;
}

function readTip(value: unknown): string {
  const minor = typeof value === 'string' && TIP_FORMAT.test(value) ? decimalStringToMinor(value) : null;
  if (minor === null || minor <= 0 || minor > MAX_TIP_MINOR) {
    throw badRequest('tip_amount must be a decimal string above 0 with at most 2 decimals, e.g. "1.50"');
  }
  return value as string;
}

export function readBehaviour(body: Record<string, unknown>, current: TerminalBehaviour): TerminalBehaviour {
  const mode = body['mode'] === undefined ? current.mode : pick<TerminalMode>(body['mode'], TERMINAL_MODES, 'mode');
  const delay = body['delay_ms'] ?? current.delay_ms;
  if (typeof delay !== 'number' || !Number.isSafeInteger(delay) || delay < 0 || delay > MAX_DELAY_MS) {
    throw badRequest(`delay_ms must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`);
  }
  if (body['tip_amount'] !== undefined && mode !== 'tip') throw badRequest('tip_amount goes with mode "tip"');
  if (body['reason'] !== undefined && mode !== 'refuse') throw badRequest('reason goes with mode "refuse"');
  const tip = mode !== 'tip' ? null : body['tip_amount'] !== undefined ? readTip(body['tip_amount']) : current.tip_amount ?? DEFAULT_TIP;
  const reason = mode !== 'refuse'
    ? null
    : body['reason'] !== undefined ? pick<RefusalReason>(body['reason'], REFUSAL_REASONS, 'reason') : current.reason ?? 'insufficient_funds';
  const busy = body['busy'] === undefined ? current.busy : body['busy'] === null ? null : pick<BusyMode>(body['busy'], BUSY_MODES, 'busy (or null)');
  return { mode, delay_ms: delay, tip_amount: tip, reason, busy };
}
