import { useState } from 'react';
import { lockWarning, type AccessView, type BackOfficeAction } from '../../../shared/domain/access.js';
import { cardLevelWords, cardCategoryWords, cardStatusWords } from '../../../shared/i18n/bank-words.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { say } from '../../../shared/i18n/translate.js';
import type { Card } from '../../../shared/domain/bank.js';
import type { IpcResult } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';
import { Dialog } from '../components/Dialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { GatedButton } from '../components/Unavailable.js';
import { useAction } from '../hooks/useAction.js';
import { useLocale } from '../hooks/useLocale.js';
import { useT } from '../i18n/useT.js';
import { ACTION_LABELS, canIn } from '../logic/access-notes.js';
import { activeDaysWords, cardActions, type CardAction } from '../logic/cards.js';
import { useApp } from '../store/app.js';
import { RenameDialog } from './RenameDialog.js';
import { RestrictionsDialog } from './RestrictionsDialog.js';

const STATUS_TONE: Record<string, string> = { live: 'success', paused: 'warning', pending: 'progress', pin_blocked: 'warning' };
const GATE: Record<CardAction, BackOfficeAction> = {
  rename: 'renameCard', restrictions: 'restrictCard', lock: 'lockCard', unlock: 'unlockCard', reportLost: 'reportCardLost',
};
const DONE: Record<CardAction, MessageId> = {
  lock: 'office.card.done.lock', unlock: 'office.card.done.unlock', reportLost: 'office.card.done.reportLost',
  rename: 'office.card.done.rename', restrictions: 'office.card.done.restrictions',
};

interface Props {
  card: Card;
  access: AccessView;
  /** The section's note explaining actions this sign-in may not do. */
  noteId: string;
  onChanged: (card: Card) => void;
}

/**
 * One card with the actions its status allows; those the bank sign-in may not
 * do are shown unavailable, never offered. Each action's error stays with its card.
 */
export function CardItem({ card, access, noteId, onChanged }: Props) {
  const t = useT();
  const locale = useLocale();
  const [dialog, setDialog] = useState<'rename' | 'restrictions' | 'reportLost' | 'lock' | null>(null);
  const { busy, error, done, run: send, dismissError } = useAction();
  const nameId = `card-name-${card.id}`;

  const run = async (action: CardAction, request: () => Promise<IpcResult<Card>>): Promise<boolean> => {
    const res = await send(request, t(DONE[action]));
    if (res.ok) onChanged(res.value);
    else if (res.error.code === 'forbidden' || res.error.status === 403) {
      // The bank's refusal taught the role: the refused buttons turn unavailable, with the reason, before the next click.
      void useApp.getState().loadAccess();
      setDialog(null);
    }
    return res.ok;
  };

  const closeDialog = () => {
    setDialog(null);
    dismissError();
  };
  // A dialog closes on success; on failure it stays open with the error in it.
  const inDialog = (action: CardAction, request: () => Promise<IpcResult<Card>>) =>
    void run(action, request).then((ok) => ok && setDialog(null));

  const cardId = card.id;
  const actions = cardActions(card);
  const button = (action: CardAction, onClick: () => void, cls = 'btn-secondary') =>
    actions.includes(action) && (
      <GatedButton can={canIn(t, GATE[action], access)} noteId={noteId} className={`btn btn-small ${cls}`}
        aria-describedby={nameId} disabled={busy} onClick={onClick}>
        {t(ACTION_LABELS[GATE[action]])}
      </GatedButton>
    );
  const name = card.nickname || card.embossed_name || t('office.cards.unnamed');
  const lockNow = () => void run('lock', () => call('lockCard', { cardId }));
  const warning = lockWarning(access);

  return (
    <li className="card-item" data-card-id={card.id}>
      <div className="card-main">
        <div className="card-title">
          <span id={nameId} className="card-name">{name}</span>
          <span className="mono card-digits">•••• {card.last_digits}</span>
        </div>
        <div className="card-meta">
          <span className="badge badge-neutral">{cardLevelWords(t, card.card_level)}</span>
          <span className={`badge badge-${STATUS_TONE[card.status] ?? 'danger'}`}>{cardStatusWords(t, card.status)}</span>
          <span className="muted">{card.embossed_name}</span>
          <span className="muted">{t('office.card.expires', { month: card.exp_month.padStart(2, '0'), year: card.exp_year })}</span>
          <span className="muted">{say(t, activeDaysWords(card.active_days ?? [], locale))}</span>
          <span className="muted">
            {card.categories?.length
              // A plain comma: category names carry their own "and" ("Restaurants and bars").
              ? t('office.card.categories', { list: card.categories.map((c) => cardCategoryWords(t, c)).join(', ') })
              : t('office.card.allCategories')}
          </span>
        </div>
        {done && <div className="card-done" role="status">{done}</div>}
        {!dialog && <ErrorAlert error={error} onDismiss={dismissError} />}
      </div>
      <div className="card-actions">
        {button('rename', () => setDialog('rename'))}
        {button('restrictions', () => setDialog('restrictions'))}
        {button('lock', warning ? () => setDialog('lock') : lockNow)}
        {button('unlock', () => void run('unlock', () => call('unlockCard', { cardId })))}
        {button('reportLost', () => setDialog('reportLost'), 'btn-danger-outline')}
      </div>
      {dialog === 'rename' && (
        <RenameDialog card={card} busy={busy} error={error} onCancel={closeDialog}
          onSave={(nickname) => inDialog('rename', () => call('renameCard', { cardId, nickname }))} />
      )}
      {dialog === 'restrictions' && (
        <RestrictionsDialog card={card} busy={busy} error={error} onCancel={closeDialog}
          onSave={(r) => inDialog('restrictions', () => call('setCardRestrictions', { cardId, ...r }))} />
      )}
      {dialog === 'lock' && (
        <Dialog title={t('office.lock.title')} onClose={closeDialog}>
          <p>
            {t('office.lock.body', { card: `${name} •••• ${card.last_digits}` })} {warning && t('office.lock.employeeWarning')}
          </p>
          <ErrorAlert error={error} />
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={closeDialog}>{t('office.cancel')}</button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => inDialog('lock', () => call('lockCard', { cardId }))}>
              {t('office.action.lockCard')}
            </button>
          </div>
        </Dialog>
      )}
      {dialog === 'reportLost' && (
        <Dialog title={t('office.lost.title')} tone="danger" onClose={closeDialog}>
          <p>
            {t('office.lost.body', { card: `${name} •••• ${card.last_digits}` })}
          </p>
          <ErrorAlert error={error} />
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={closeDialog}>{t('office.cancel')}</button>
            <button type="button" className="btn btn-danger" disabled={busy}
              onClick={() => inDialog('reportLost', () => call('reportCardLost', { cardId }))}>
              {t('office.action.reportCardLost')}
            </button>
          </div>
        </Dialog>
      )}
    </li>
  );
}
