import { useState } from 'react';
import type { Card } from '../../../shared/domain/bank.js';
import type { IpcResult } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';
import { Dialog } from '../components/Dialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useAction } from '../hooks/useAction.js';
import { activeDaysWords, cardActions, type CardAction } from '../logic/cards.js';
import { words } from '../logic/format.js';
import { RenameDialog } from './RenameDialog.js';
import { RestrictionsDialog } from './RestrictionsDialog.js';

const STATUS_TONE: Record<string, string> = { live: 'success', paused: 'warning', pending: 'progress', pin_blocked: 'warning' };
const DONE: Partial<Record<CardAction, string>> = { lock: 'Card locked', unlock: 'Card unlocked', reportLost: 'Card reported lost', rename: 'Card renamed', restrictions: 'Restrictions saved' };

/** One card with the actions its status allows; each action's error stays with the card it concerns. */
export function CardItem({ card, onChanged }: { card: Card; onChanged: (card: Card) => void }) {
  const [dialog, setDialog] = useState<'rename' | 'restrictions' | 'reportLost' | null>(null);
  const { busy, error, done, run: send, dismissError } = useAction();
  const nameId = `card-name-${card.id}`;

  const run = async (action: CardAction, request: () => Promise<IpcResult<Card>>): Promise<boolean> => {
    const res = await send(request, DONE[action]);
    if (res.ok) onChanged(res.value);
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
  const button = (action: CardAction, label: string, onClick: () => void, cls = 'btn-secondary') =>
    actions.includes(action) && (
      <button type="button" className={`btn btn-small ${cls}`} aria-describedby={nameId} disabled={busy} onClick={onClick}>
        {label}
      </button>
    );

  return (
    <li className="card-item">
      <div className="card-main">
        <div className="card-title">
          <span id={nameId} className="card-name">{card.nickname || card.embossed_name || 'Unnamed card'}</span>
          <span className="mono card-digits">•••• {card.last_digits}</span>
        </div>
        <div className="card-meta">
          <span className="badge badge-neutral">{words(card.card_level)}</span>
          <span className={`badge badge-${STATUS_TONE[card.status] ?? 'danger'}`}>{words(card.status)}</span>
          <span className="muted">{card.embossed_name}</span>
          <span className="muted">Exp. {card.exp_month.padStart(2, '0')}/{card.exp_year}</span>
          <span className="muted">Days: {activeDaysWords(card.active_days ?? [])}</span>
          <span className="muted">Categories: {card.categories?.length ? card.categories.map(words).join(', ') : 'all'}</span>
        </div>
        {done && <div className="card-done" role="status">{done}</div>}
        {!dialog && <ErrorAlert error={error} onDismiss={dismissError} />}
      </div>
      <div className="card-actions">
        {button('rename', 'Rename', () => setDialog('rename'))}
        {button('restrictions', 'Restrictions', () => setDialog('restrictions'))}
        {button('lock', 'Lock', () => void run('lock', () => call('lockCard', { cardId })))}
        {button('unlock', 'Unlock', () => void run('unlock', () => call('unlockCard', { cardId })))}
        {button('reportLost', 'Report lost', () => setDialog('reportLost'), 'btn-danger-outline')}
      </div>
      {dialog === 'rename' && (
        <RenameDialog card={card} busy={busy} error={error} onCancel={closeDialog}
          onSave={(nickname) => inDialog('rename', () => call('renameCard', { cardId, nickname }))} />
      )}
      {dialog === 'restrictions' && (
        <RestrictionsDialog card={card} busy={busy} error={error} onCancel={closeDialog}
          onSave={(r) => inDialog('restrictions', () => call('setCardRestrictions', { cardId, ...r }))} />
      )}
      {dialog === 'reportLost' && (
        <Dialog title="Report this card as lost?" tone="danger" onClose={closeDialog}>
          <p>
            <strong>{card.nickname} •••• {card.last_digits}</strong> will be blocked for good. This cannot be undone; a new card must be ordered.
          </p>
          <ErrorAlert error={error} />
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={closeDialog}>Cancel</button>
            <button type="button" className="btn btn-danger" disabled={busy}
              onClick={() => inDialog('reportLost', () => call('reportCardLost', { cardId }))}>
              Report lost
            </button>
          </div>
        </Dialog>
      )}
    </li>
  );
}
