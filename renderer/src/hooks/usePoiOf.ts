import { terminalLabel } from '../../../shared/validation/terminal-name.js';
import { useApp } from '../store/app.js';

/** Terminal id → the shop's name with the serial (POI id); a terminal the bank no longer lists shows its id. */
export function usePoiOf(): (terminalId: string) => string {
  const terminals = useApp((s) => s.terminals?.terminals);
  return (id) => {
    const t = terminals?.find((x) => x.id === id);
    return t ? terminalLabel(t) : id;
  };
}
