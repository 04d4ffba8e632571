import { useApp } from '../store/app.js';

/** Terminal id → the name printed on the terminal (POI id); a terminal the bank no longer lists shows its id. */
export function usePoiOf(): (terminalId: string) => string {
  const terminals = useApp((s) => s.terminals?.terminals);
  return (id) => terminals?.find((t) => t.id === id)?.poiId ?? id;
}
