/** The payment engine: crash-safe terminal payments over a durable daily journal. */
export { PaymentEngine, type PaymentEngineOptions } from './engine.js';
export type { ChargeInput } from './new-attempt.js';
export { DEFAULT_POLICY, type EnginePolicy } from './policy.js';
export { TRANSITIONS, IllegalTransitionError, holdsRegister } from './attempt-states.js';
