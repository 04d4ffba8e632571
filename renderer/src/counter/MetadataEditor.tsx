import { useRef, useEffect } from 'react';
import type { FieldIssue } from '../../../shared/result.js';
import { FieldError } from '../components/FieldError.js';
import type { BuiltMetadata } from '../logic/metadata.js';
import { useCounter } from '../store/counter.js';
import { useT } from '../i18n/useT.js';
import { say } from '../../../shared/i18n/translate.js';

/** Below this share of the bank's limit the space used is not worth a cashier's attention. */
const SHOW_USAGE_FROM = 0.75;

/** Extra information stored with the payment: order reference, note and free fields, within 1 KB (said only when nearly full). */
export function MetadataEditor({ built, issues }: { built: BuiltMetadata; issues?: FieldIssue[] }) {
  const t = useT();
  const draft = useCounter((s) => s.draft);
  const { setOrderReference, setNote, addRow, updateRow, removeRow } = useCounter.getState();
  const focusRow = useRef<string | null>(null);

  useEffect(() => {
    // A new row takes focus so the cashier can type its name straight away.
    if (!focusRow.current) return;
    document.querySelector<HTMLInputElement>(`[data-row="${focusRow.current}"]`)?.focus();
    focusRow.current = null;
  }, [draft.rows.length]);

  const used = built.bytes / built.maxBytes;
  const over = used > 1;
  return (
    <fieldset className="metadata">
      <legend>{t('metadata.legend')}</legend>
      <div className="field">
        <label htmlFor="order-reference">{t('metadata.orderReference')}</label>
        <input id="order-reference" type="text" autoComplete="off" value={draft.orderReference} onChange={(e) => setOrderReference(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="note">{t('metadata.note')}</label>
        <textarea id="note" rows={2} value={draft.note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {draft.rows.length > 0 && (
        <ul className="meta-rows">
          {draft.rows.map((row, n) => {
            const problem = built.rowIssues[row.id];
            const errorId = `row-error-${row.id}`;
            return (
              <li key={row.id} className="meta-row">
                <input
                  type="text"
                  aria-label={t('metadata.fieldName')}
                  placeholder={t('metadata.fieldName')}
                  data-row={row.id}
                  value={row.key}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? errorId : undefined}
                  onChange={(e) => updateRow(row.id, { key: e.target.value })}
                />
                <input type="text" aria-label={t('metadata.fieldValue')} placeholder={t('metadata.fieldValue')} value={row.value} onChange={(e) => updateRow(row.id, { value: e.target.value })} />
                <button type="button" className="btn btn-ghost btn-small" aria-label={t('metadata.remove', { row: n + 1 })} title={t('metadata.remove', { row: n + 1 })} onClick={() => removeRow(row.id)}>
                  ✕
                </button>
                <FieldError id={errorId} text={problem && say(t, problem)} />
              </li>
            );
          })}
        </ul>
      )}
      <div className="meta-footer">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => {
            focusRow.current = addRow();
          }}
        >
          {t('metadata.add')}
        </button>
        <span className={`byte-counter ${over ? 'is-over' : ''}`} aria-live="polite">
          {over ? t('metadata.tooLarge') : used >= SHOW_USAGE_FROM ? t('metadata.nearlyFull', { used }) : null}
        </span>
      </div>
      <FieldError id="metadata-error" issues={issues} />
    </fieldset>
  );
}
