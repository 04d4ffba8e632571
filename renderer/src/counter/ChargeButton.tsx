import { useLocale } from '../hooks/useLocale.js';
import { money } from '../logic/format.js';

interface Props {
  blocker: string | null;
  busy: boolean;
  amountMinor: number;
  terminalName: string | null;
  onCharge: () => void;
}

/** The one big action of the counter; when it cannot be used, the reason stands right under it. */
export function ChargeButton({ blocker, busy, amountMinor, terminalName, onCharge }: Props) {
  const locale = useLocale();
  const disabled = blocker !== null || busy;
  return (
    <div className="charge-area">
      <button
        type="button"
        className="btn btn-charge"
        aria-label="Charge"
        aria-describedby={blocker ? 'charge-reason' : undefined}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={onCharge}
      >
        <span className="charge-main">{busy ? 'Sending…' : 'Charge'}</span>
        {!blocker && <span className="charge-sub">{money(amountMinor, locale)}{terminalName ? ` on ${terminalName}` : ''}</span>}
      </button>
      {blocker && (
        <p id="charge-reason" className="charge-reason">
          {blocker}
        </p>
      )}
    </div>
  );
}
