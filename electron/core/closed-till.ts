/**
 * What the counter answers while no environment is open (the saved choice was
 * lost, or the journal cannot be opened): the screens can still load and show
 * why, and every action that would touch a payment or the bank is refused
 * with that reason. Failing closed here is the point: a till that cannot
 * record a payment must not take one.
 */
import type { Clock } from '../../shared/clock.js';
import { dayView } from '../../shared/domain/day-view.js';
import type { AttemptsView, ClosedReason, TerminalsView } from '../../shared/ipc/types.js';
import { localDay } from '../payments/journal-files.js';
import type { EnvironmentHandlers } from './create-core.js';
import { CoreError } from './errors.js';
import { environmentTable } from './environment-methods.js';

const NO_TERMINALS: TerminalsView = { terminals: [], lastUsedId: null, defaultTerminalId: null, defaultMissing: false };

/** The refusal of anything that needs an open environment; the renderer words it from the reason. */
export const tillClosed = (why: ClosedReason): CoreError => CoreError.of('conflict', 'till.closed', { why });

/** reason() is read on every call: it is the live reason of the app core. getAppState is answered by the app core itself. */
export function closedTillHandlers(reason: () => ClosedReason, clock: Clock): Omit<EnvironmentHandlers, 'getAppState'> {
  const out = environmentTable((m) => async () => {
    // The counter's lists load empty so the screen can show the reason instead of an error per panel.
    if (m === 'listTerminals') return NO_TERMINALS;
    if (m === 'listAttempts') return { ...dayView([], localDay(clock.now()), localDay, 0), journalWarnings: [] } satisfies AttemptsView;
    throw tillClosed(reason());
  }, ['getAppState']);
  return out as unknown as Omit<EnvironmentHandlers, 'getAppState'>;
}
