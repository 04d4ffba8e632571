import { terminalLabel } from '../../../shared/validation/terminal-name.js';
import { useApp } from '../store/app.js';

/** Terminal id → the shop's name with the serial (POI id), or undefined for a terminal the bank does not list here. */
export function useTerminalLabel(): (terminalId: string) => string | undefined {
  const terminals = useApp((s) => s.terminals?.terminals);
  return (id) => {
    const t = terminals?.find((x) => x.id === id);
    return t ? terminalLabel(t) : undefined;
  };
}

/** Terminal id → the shop's name with the serial (POI id); a terminal the bank no longer lists shows its id. */
export function usePoiOf(): (terminalId: string) => string {
  const label = useTerminalLabel();
  return (id) => label(id) ?? id;
}
