/**
 * The engine's parts, built once from its options and the journal as loaded:
 * the attempt store over that journal, the clocks' ages and timers, who hears
 * commits, and the money records Today counts. One place decides which clock
 * each part runs on, so the engine itself holds only its commands.
 */
import { carriedToNextDay } from '../../shared/domain/attempt-rules.js';
import { resolvePolicy } from '../../shared/domain/attempt-policy.js';
import { monotonicClock, systemClock } from '../../shared/clock.js';
import { createLogger } from '../log.js';
import { AttemptAges } from './attempt-ages.js';
import { AttemptStore } from './attempt-store.js';
import { AttemptTimers } from './attempt-timers.js';
import { EngineAnnouncer } from './engine-announcer.js';
import type { EngineContext } from './engine-context.js';
import type { PaymentEngineOptions } from './engine-options.js';
import type { LoadedJournal } from './journal.js';
import { SeenMoneyRecords } from './money-bodies.js';
import { TaskTracker } from './tasks.js';

export interface EngineParts {
  ctx: EngineContext;
  announcer: EngineAnnouncer;
  /** Refunds and hand settlements, for Today's figures. */
  money: SeenMoneyRecords;
}

/** `isClosed` is the engine's own flag: background work stops on it. */
export function engineParts(options: PaymentEngineOptions, loaded: LoadedJournal, isClosed: () => boolean): EngineParts {
  const policy = resolvePolicy(options.policy);
  const logger = options.logger ?? createLogger();
  for (const w of loaded.warnings) logger.warn('journal record ignored', { warning: w });
  const money = new SeenMoneyRecords(loaded.others);
  const announcer = new EngineAnnouncer(logger, options.onUpdate, loaded.lastSeq);
  const mono = options.monotonic ?? (options.clock === systemClock ? monotonicClock : options.clock);
  const ages = new AttemptAges(options.clock, mono);
  const store = new AttemptStore(
    loaded.journal, loaded.attempts, options.clock,
    (a) => carriedToNextDay(a, ages.age(a), policy),
    announcer.changed, announcer.recordCommitted, () => options.signedIn?.() ?? '',
  );
  const ctx: EngineContext = {
    store, bank: options.bank, clock: options.clock, ages, policy, logger,
    timers: new AttemptTimers(mono), tasks: new TaskTracker(logger), reads: new Map(),
    isClosed,
  };
  return { ctx, announcer, money };
}
