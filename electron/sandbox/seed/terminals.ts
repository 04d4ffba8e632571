/** Five terminals per organization, one per behaviour the payment flow must survive. */
import { SANDBOX_TERMINALS, type SandboxOrgKey } from '../seed-ids.js';
import type { TerminalBehaviour, TerminalRecord } from '../state.js';
import { daysBefore } from './time.js';

type TerminalName = keyof (typeof SANDBOX_TERMINALS)['fr'];

const plain = { tip_amount: null, reason: null, busy: null } as const;
const BEHAVIOURS: Record<TerminalName, TerminalBehaviour> = {
  approve: { ...plain, mode: 'approve', delay_ms: 3000 },
  refuse: { ...plain, mode: 'refuse', delay_ms: 3000, reason: 'insufficient_funds' },
  offline: { ...plain, mode: 'offline', delay_ms: 0 },
  slow: { ...plain, mode: 'approve', delay_ms: 90_000 },
  approve2: { ...plain, mode: 'approve', delay_ms: 3000 },
};

export function seedTerminals(org: SandboxOrgKey): TerminalRecord[] {
  return (Object.keys(BEHAVIOURS) as TerminalName[]).map((name, i) => ({
    org,
    terminal: {
      id: SANDBOX_TERMINALS[org][name],
      poi_id: `S1F2-${org.toUpperCase()}-000${i + 1}`,
      created_at: daysBefore(300 - i),
      updated_at: daysBefore(30 - i),
    },
    behaviour: { ...BEHAVIOURS[name] },
  }));
}
