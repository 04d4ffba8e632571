/**
 * "Check again" on an attempt the bank has not answered for: without a sign, a cashier cannot
 * tell a check that found nothing from a button that did nothing. This says it is asking, then
 * when it asked and that the answer is still missing ("Checked at 14:02:10: still no answer").
 */
import { useState } from 'react';
import { isFinal, type Attempt } from '../../../shared/domain/attempt.js';
import { useCounter } from '../store/counter.js';
import { useT } from '../i18n/useT.js';

type Check = { attemptId: string; state: 'asking' } | { attemptId: string; state: 'done'; at: number };

/** check(): runs the recheck and remembers when its answer came; the note belongs to one attempt only. */
export function useCheckAgain(attempt: Attempt): { check: () => void; note: Check | null } {
  const [note, setNote] = useState<Check | null>(null);
  const check = () => {
    const attemptId = attempt.id;
    setNote({ attemptId, state: 'asking' });
    void useCounter.getState().act('checkAgain').then(() => {
      // A refused check is said by the error alert; this note only reports a check that was answered.
      // On the core's clock (as the countdown and Today are), not this window's.
      const { error, clockSkewMs } = useCounter.getState();
      setNote(error ? null : { attemptId, state: 'done', at: Date.now() + clockSkewMs });
    });
  };
  return { check, note: note?.attemptId === attempt.id ? note : null };
}

export function CheckedNote({ attempt, note }: { attempt: Attempt; note: Check | null }) {
  const t = useT();
  // Once the payment has its answer the heading says it; "still no answer" would then be wrong.
  if (!note || isFinal(attempt.state)) return null;
  return (
    <p className="checked-note" role="status">
      {note.state === 'asking' ? t('glance.checking') : t('glance.checked', { time: new Date(note.at) })}
    </p>
  );
}
