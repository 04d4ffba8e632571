/**
 * The bank's terminal list is re-read every few minutes while the app runs, so
 * a default terminal that disappears (or a new one) reaches the counter
 * without a restart: the refresh emits terminalsChanged when the view changes.
 */
import type { Clock, TimerHandle } from '../../shared/clock.js';
import type { Logger } from '../log.js';

export const TERMINAL_REFRESH_MS = 5 * 60_000;

export function watchTerminals(clock: Clock, refresh: () => Promise<unknown>, logger: Logger, everyMs = TERMINAL_REFRESH_MS): () => void {
  let timer: TimerHandle | null = null;
  let stopped = false;
  const tick = () => {
    timer = null;
    refresh()
      // Signed out, scope missing or the bank unreachable: the next tick tries again; the counter keeps its list.
      .catch((e: unknown) => logger.info('terminal list refresh skipped', { reason: e instanceof Error ? e.message : String(e) }))
      .finally(() => {
        if (!stopped) timer = clock.setTimer(everyMs, tick);
      });
  };
  timer = clock.setTimer(everyMs, tick);
  return () => {
    stopped = true;
    timer?.cancel();
  };
}
