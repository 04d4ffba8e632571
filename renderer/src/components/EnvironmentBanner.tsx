import type { Environment } from '../../../shared/ipc/types.js';

/** Loud on purpose: nobody must mistake training or the sandbox for real takings. Production shows nothing. */
export function EnvironmentBanner({ environment }: { environment: Environment | null }) {
  if (environment === null) {
    return (
      <div className="env-banner env-none" role="status">
        COUNTER CLOSED — no sale can be taken
      </div>
    );
  }
  if (environment === 'training') {
    return (
      <div className="env-banner env-training" role="status">
        TRAINING — no real money moves
      </div>
    );
  }
  if (environment === 'sandbox') {
    return (
      <div className="env-banner env-sandbox" role="status">
        BANK SANDBOX
      </div>
    );
  }
  return null;
}
