/**
 * A paper shown on screen that prints alone: its print copy is rendered straight into <body>
 * and, while `bodyClass` is on <body>, the print styles hide everything else. Receipts and shift
 * summaries print this way, so the printed page holds the paper and nothing of the screen behind it.
 */
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export function PrintedCopy({ bodyClass, onScreen, forPrint }: { bodyClass: string; onScreen: ReactNode; forPrint: ReactNode }) {
  useEffect(() => {
    document.body.classList.add(bodyClass);
    return () => document.body.classList.remove(bodyClass);
  }, [bodyClass]);
  return (
    <>
      {onScreen}
      {createPortal(forPrint, document.body)}
    </>
  );
}
