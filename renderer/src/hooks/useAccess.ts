/** What the bank sign-in may do, asked once when a back-office screen first needs it. */
import { useEffect } from 'react';
import type { AccessView } from '../../../shared/domain/access.js';
import { useApp } from '../store/app.js';

export function useAccess(): AccessView | null {
  const access = useApp((s) => s.access);
  useEffect(() => {
    if (!access) void useApp.getState().loadAccess();
  }, [access]);
  return access;
}
