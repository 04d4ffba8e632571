import { effectiveTerminalId } from '../logic/sale.js';
import { useApp } from '../store/app.js';
import { attemptById, useAttempts } from '../store/attempts.js';
import { useCounter } from '../store/counter.js';
import { SetupNotices, TillClosed } from '../components/SetupNotices.js';
import { AttemptPanel } from './AttemptPanel.js';
import { ConnectionNotice } from './ConnectionNotice.js';
import { CounterAlerts } from './CounterAlerts.js';
import { DayClosedNotice } from './DayClosedNotice.js';
import { SaleEntry } from './SaleEntry.js';
import { StoreNotice } from './StoreNotice.js';
import { TodayList } from './TodayList.js';
import { useCounterKeyboard } from './useCounterKeyboard.js';
import { WhoIsSelling } from './WhoIsSelling.js';
import { asksWho, useStaff } from '../store/staff.js';

/** The cashier's screen: either a sale being typed or the attempt in progress, with the day beside it. */
export function CounterScreen() {
  const focusId = useCounter((s) => s.focusId);
  const shown = useAttempts((s) => attemptById(s, focusId));
  const chosen = useCounter((s) => s.chosenTerminalId);
  const terminals = useApp((s) => s.terminals);
  const closed = useApp((s) => s.appState?.closed ?? null);
  const terminalId = effectiveTerminalId(chosen, terminals);
  const who = useStaff(asksWho);
  // While the counter asks who is selling, the sale's keys stay off: a digit picks a person.
  useCounterKeyboard(shown === null && !who, terminalId);

  return (
    <div className="counter">
      <div className="counter-main">
        <SetupNotices />
        {!closed && <ConnectionNotice />}
        <CounterAlerts />
        <StoreNotice />
        {!closed && !shown && !who && <DayClosedNotice />}
        {shown ? <AttemptPanel attempt={shown} /> : closed ? <TillClosed reason={closed} /> : who ? <WhoIsSelling /> : <SaleEntry terminalId={terminalId} />}
      </div>
      <TodayList />
    </div>
  );
}
