/**
 * Loads one bridge call for a back-office panel and keeps its result, error and
 * loading flag together. An answer that arrives after a newer request started
 * is dropped, so fast typing in a search box never shows an older list.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { IpcError, IpcResult } from '../../../shared/ipc/types.js';

export interface Remote<T> {
  data: T | null;
  error: IpcError | null;
  loading: boolean;
  reload(): void;
  /** Replace the data locally after a write returned the fresh item. */
  patch(update: (data: T) => T): void;
}

export function useRemote<T>(fetch: () => Promise<IpcResult<T>>, key: string): Remote<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [loading, setLoading] = useState(true);
  const [nonce, setNonce] = useState(0);
  // The latest fetcher is used, but only `key` (and reload) decide when to fetch again.
  const fetchRef = useRef(fetch);
  useLayoutEffect(() => {
    fetchRef.current = fetch;
  });

  useEffect(() => {
    let current = true;
    setLoading(true);
    void fetchRef.current().then((res) => {
      if (!current) return;
      setLoading(false);
      if (res.ok) {
        setData(res.value);
        setError(null);
      } else setError(res.error);
    });
    return () => {
      current = false;
    };
  }, [key, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const patch = useCallback((update: (d: T) => T) => setData((d) => (d === null ? d : update(d))), []);
  return { data, error, loading, reload, patch };
}
