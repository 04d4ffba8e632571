import { useMemo } from 'react';
import type { IpcError } from '../../../shared/ipc/types.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { connectionBlocker, unlessCoveredByNotice } from '../logic/connection.js';
import { placeIssues } from '../logic/issues.js';
import { buildMetadata, metadataBlocker } from '../logic/metadata.js';
import { chargeBlocker } from '../logic/sale.js';
import { useLocale } from '../hooks/useLocale.js';
import { money } from '../logic/format.js';
import { busyError, busyWith } from '../logic/register-busy.js';
import { useApp } from '../store/app.js';
import { attemptById, useAttempts } from '../store/attempts.js';
import { useCounter } from '../store/counter.js';
import { AmountDisplay } from './AmountDisplay.js';
import { ChargeButton } from './ChargeButton.js';
import { Keypad } from './Keypad.js';
import { MetadataEditor } from './MetadataEditor.js';
import { TerminalPicker } from './TerminalPicker.js';
import { useT } from '../i18n/useT.js';
import { say } from '../../../shared/i18n/translate.js';

// Pointers of the charge request (shared validators) and of the bank's answer.
const CHARGE_FIELDS = { amount: ['/amountMinor', '/amount', '/currency'], terminal: ['/terminalId'], metadata: ['/metadata'] };

/** The store could not be asked whether another register uses the terminal: only the cashier's look can say. */
const storeUnreachable = (error: IpcError | null): boolean => error?.reason === 'payment.store_unavailable';

/** Typing a sale: amount on the keypad, terminal, optional details, Charge. */
export function SaleEntry({ terminalId }: { terminalId: string | null }) {
  const amountMinor = useCounter((s) => s.amountMinor);
  const draft = useCounter((s) => s.draft);
  const busy = useCounter((s) => s.busy);
  const connection = useApp((s) => s.appState?.connection);
  // A charge refused as signed out just before the connection update arrived: the notice says it already.
  const raw = unlessCoveredByNotice(useCounter((s) => s.error), connection);
  const holderId = busyWith(raw);
  const holder = useAttempts((s) => attemptById(s, holderId));
  const locale = useLocale();
  const t = useT();
  const error = raw && holderId ? busyError(raw, holder, (m) => money(m, locale), t) : raw;
  const poiOf = usePoiOf();

  const built = useMemo(() => buildMetadata(draft), [draft]);
  const blocker = chargeBlocker({ amountMinor, terminalId, metadataBlocker: metadataBlocker(built, draft.rows), connectionBlocker: connectionBlocker(connection) });
  const placed = placeIssues(error?.issues, CHARGE_FIELDS);
  const terminalName = terminalId ? poiOf(terminalId) : null;

  return (
    <div className="sale-entry">
      <section className="panel pad-panel" aria-label={t('sale.amount')}>
        <AmountDisplay issues={placed.byField.amount} />
        <Keypad />
      </section>
      <section className="panel details-panel" aria-label={t('sale.section')}>
        <TerminalPicker selected={terminalId} issues={placed.byField.terminal} />
        <MetadataEditor built={built} issues={placed.byField.metadata} />
        <ErrorAlert error={error} issues={placed.rest} />
        {storeUnreachable(error) && terminalId && (
          <button type="button" className="btn btn-secondary btn-large" disabled={busy}
            onClick={() => void useCounter.getState().charge(terminalId, { confirmedTerminalFree: true })}>
            {t('sale.storeDown.chargeAnyway', { terminal: terminalName ?? t('sale.storeDown.theTerminal') })}
          </button>
        )}
        <ChargeButton
          blocker={blocker && say(t, blocker)}
          busy={busy}
          amountMinor={amountMinor}
          terminalName={terminalName}
          onCharge={() => void useCounter.getState().charge(terminalId)}
        />
      </section>
    </div>
  );
}
