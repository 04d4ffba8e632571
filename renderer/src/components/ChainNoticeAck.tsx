import { useState } from 'react';
import { useManagerBy } from '../store/manager.js';
import { call } from '../bridge.js';
import { useAction } from '../hooks/useAction.js';
import { useT } from '../i18n/useT.js';
import { ErrorAlert } from './ErrorAlert.js';

/**
 * Under a journal-break notice: a manager confirms with their name that they have seen it. The
 * confirmation is journaled; the notice then leaves every window.
 */
export function ChainNoticeAck({ seq }: { seq: number }) {
  const t = useT();
  const [name, setName] = useState('');
  const action = useAction();
  const me = useManagerBy();
  return (
    <form className="close-form" onSubmit={(e) => {
      e.preventDefault();
      void action.run(() => call('acknowledgeChainBreak', me ? { seq } : { seq, by: name }), t('setup.chain.done'));
    }}>
      {!me && <label>{t('setup.chain.by')} <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required /></label>}
      <button type="submit" className="btn btn-secondary" disabled={action.busy}>{t('setup.chain.acknowledge')}</button>
      <ErrorAlert error={action.error} onDismiss={action.dismissError} />
    </form>
  );
}
