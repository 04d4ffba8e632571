import { useState } from 'react';
import type { Card } from '../../../shared/domain/bank.js';
import { say } from '../../../shared/i18n/translate.js';
import { Dialog } from '../components/Dialog.js';
import { TextField } from '../components/TextField.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useT } from '../i18n/useT.js';
import { nicknameProblem } from '../logic/cards.js';
import type { IpcError } from '../../../shared/ipc/types.js';

interface Props {
  card: Card;
  busy: boolean;
  error: IpcError | null;
  onSave: (nickname: string) => void;
  onCancel: () => void;
}

export function RenameDialog({ card, busy, error, onSave, onCancel }: Props) {
  const t = useT();
  const [nickname, setNickname] = useState(card.nickname);
  const problem = nicknameProblem(nickname);
  return (
    <Dialog title={t('office.rename.title', { digits: card.last_digits })} onClose={onCancel}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) onSave(nickname.trim());
        }}
      >
        <TextField label={t('office.rename.label')} value={nickname} onChange={setNickname} autoFocus
          errorText={problem && say(t, problem)} />
        <ErrorAlert error={error} />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>{t('office.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy || problem !== null}>{t('office.rename.save')}</button>
        </div>
      </form>
    </Dialog>
  );
}
