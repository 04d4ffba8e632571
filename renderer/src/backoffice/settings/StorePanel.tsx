import type { StoreLinkView } from '../../../../shared/ipc/types.js';

const STATUS_WORDS: Record<StoreLinkView['status'], string> = {
  connecting: 'Connecting to the store…',
  connected: 'Connected: terminals are shared with the shop\'s other registers and the day is copied to the store.',
  down: 'Not reachable right now: this register keeps working alone and catches up when the store is back.',
  refused: 'Not connected: this register works alone until the problem below is fixed.',
};

/** Store mode: which register this is and whether the shop's store answers, with the reason when it does not. */
export function StorePanel({ store }: { store: StoreLinkView }) {
  return (
    <section className="settings-block" aria-labelledby="store-heading">
      <h3 id="store-heading">Shop store</h3>
      <p>This register is <strong>{store.registerName}</strong>. {STATUS_WORDS[store.status]}</p>
      {store.message && <div className={`alert ${store.status === 'refused' ? 'alert-error' : 'alert-warning'}`} role="status">{store.message}</div>}
    </section>
  );
}
