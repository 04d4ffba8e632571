import { useState } from 'react';
import { CARD_CATEGORIES, type Card } from '../../../shared/domain/bank.js';
import type { IpcError } from '../../../shared/ipc/types.js';
import { Dialog } from '../components/Dialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { restrictionsProblem, toggle, weekdayName, WEEKDAYS } from '../logic/cards.js';
import { useLocale } from '../hooks/useLocale.js';
import { say } from '../../../shared/i18n/translate.js';
import { FieldError } from '../components/FieldError.js';
import { cardCategoryWords } from '../../../shared/i18n/bank-words.js';
import { useT } from '../i18n/useT.js';

interface Props {
  card: Card;
  busy: boolean;
  error: IpcError | null;
  onSave: (r: { active_days: number[]; categories: string[] }) => void;
  onCancel: () => void;
}

/** Days (ISO weekdays, 1 = Monday) and merchant categories the card works for; no category ticked = all allowed. */
export function RestrictionsDialog({ card, busy, error, onSave, onCancel }: Props) {
  const t = useT();
  const locale = useLocale();
  const [days, setDays] = useState<number[]>(card.active_days ?? []);
  const [categories, setCategories] = useState<string[]>(card.categories ?? []);
  const problem = restrictionsProblem(days);
  return (
    <Dialog title={t('office.restrictions.title', { card: `${card.nickname || card.embossed_name || t('office.cards.unnamed')} •••• ${card.last_digits}` })} onClose={onCancel}>
      <fieldset className="check-group">
        <legend>{t('office.restrictions.days')}</legend>
        <div className="check-grid days">
          {WEEKDAYS.map((d) => (
            <label key={d} className="check-row">
              <input type="checkbox" checked={days.includes(d)} onChange={() => setDays(toggle(days, d))} />
              {weekdayName(d, locale, 'long')}
            </label>
          ))}
        </div>
        <FieldError id="days-error" text={problem && say(t, problem)} />
      </fieldset>
      <fieldset className="check-group">
        <legend>{t('office.restrictions.categories')}</legend>
        <div className="check-grid">
          {CARD_CATEGORIES.map((c) => (
            <label key={c} className="check-row">
              <input type="checkbox" checked={categories.includes(c)} onChange={() => setCategories(toggle(categories, c))} />
              {cardCategoryWords(t, c)}
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorAlert error={error} />
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>{t('office.cancel')}</button>
        <button type="button" className="btn btn-primary" disabled={busy || problem !== null}
          onClick={() => onSave({ active_days: [...days].sort((a, b) => a - b), categories })}>
          {t('office.restrictions.save')}
        </button>
      </div>
    </Dialog>
  );
}
