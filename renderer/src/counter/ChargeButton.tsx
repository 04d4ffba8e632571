import { useLocale } from '../hooks/useLocale.js';
import { money } from '../logic/format.js';
import { useT } from '../i18n/useT.js';

interface Props {
  /** Already in words. */
  blocker: string | null;
  busy: boolean;
  amountMinor: number;
  terminalName: string | null;
  onCharge: () => void;
}

/** The one big action of the counter; when it cannot be used, the reason stands right under it. */
export function ChargeButton({ blocker, busy, amountMinor, terminalName, onCharge }: Props) {
  const t = useT();
  const locale = useLocale();
  const disabled = blocker !== null || busy;
  return (
    <div className="charge-area">
      <button
        type="button"
        className="btn btn-charge"
        aria-label={t('charge.label')}
        aria-describedby={blocker ? 'charge-reason' : undefined}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={onCharge}
      >
        <span className="charge-main">{busy ? t('charge.sending') : t('charge.label')}</span>
        {!blocker && <span className="charge-sub">{terminalName ? t('charge.on', { amount: money(amountMinor, locale), terminal: terminalName }) : money(amountMinor, locale)}</span>}
      </button>
      {blocker && (
        <p id="charge-reason" className="charge-reason">
          {blocker}
        </p>
      )}
    </div>
  );
}
