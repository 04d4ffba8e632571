import { useEffect, useState } from 'react';

/** Wall-clock time, re-read every `everyMs` while the component is mounted. */
export function useNow(everyMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs, enabled]);
  return now;
}
