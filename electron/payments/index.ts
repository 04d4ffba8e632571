/** The payment engine: crash-safe terminal payments over a durable daily journal. */
export { PaymentEngine } from './engine.js';
export type { PaymentEngineOptions } from './engine-options.js';
export type { ChargeInput } from './new-attempt.js';
export { DEFAULT_POLICY, type EnginePolicy } from '../../shared/domain/attempt-policy.js';
export { TRANSITIONS, IllegalTransitionError } from './attempt-states.js';
export { holdsRegister } from '../../shared/domain/attempt-commands.js';
export type { SendGate, SendGateAnswer, SendGateRequest, CommittedRecord, CommittedListener } from './engine-ports.js';
