/**
 * Store mode: the terminals other registers hold, asked again every few seconds while the
 * sale form is on screen, so the picker's "busy at Caisse 2" appears and goes by itself.
 * Null when nothing is known (alone, store not answering, or not asked yet).
 */
import { useEffect, useState } from 'react';
import type { TerminalHeldElsewhere } from '../../../shared/ipc/terminal-leases.js';
import { call } from '../bridge.js';

export const LEASES_REFRESH_MS = 4_000;

export function useTerminalLeases(): TerminalHeldElsewhere[] | null {
  const [held, setHeld] = useState<TerminalHeldElsewhere[] | null>(null);
  useEffect(() => {
    let live = true;
    const ask = async () => {
      const res = await call('listTerminalLeases', undefined);
      // A refusal (till closed, main restarting) means nothing is known: the picker says nothing about other registers.
      if (live) setHeld(res.ok ? res.value.heldElsewhere : null);
    };
    void ask();
    const timer = setInterval(() => void ask(), LEASES_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return held;
}
