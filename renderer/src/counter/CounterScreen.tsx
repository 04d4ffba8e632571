import { effectiveTerminalId } from '../logic/sale.js';
import { useApp } from '../store/app.js';
import { useCounter } from '../store/counter.js';
import { AttemptPanel } from './AttemptPanel.js';
import { ConnectionNotice } from './ConnectionNotice.js';
import { Notices } from './Notices.js';
import { SaleEntry } from './SaleEntry.js';
import { StoreNotice } from './StoreNotice.js';
import { TodayList } from './TodayList.js';
import { useCounterKeyboard } from './useCounterKeyboard.js';

/** The cashier's screen: either a sale being typed or the attempt in progress, with the day beside it. */
export function CounterScreen() {
  const active = useCounter((s) => s.active);
  const chosen = useCounter((s) => s.chosenTerminalId);
  const terminals = useApp((s) => s.terminals);
  const terminalId = effectiveTerminalId(chosen, terminals);
  useCounterKeyboard(active === null, terminalId);

  return (
    <div className="counter">
      <div className="counter-main">
        <ConnectionNotice />
        <StoreNotice />
        <Notices />
        {active ? <AttemptPanel attempt={active} /> : <SaleEntry terminalId={terminalId} />}
      </div>
      <TodayList />
    </div>
  );
}
