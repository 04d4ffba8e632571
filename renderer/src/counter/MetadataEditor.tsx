import { useRef, useEffect } from 'react';
import type { FieldIssue } from '../../../shared/result.js';
import { FieldError } from '../components/FieldError.js';
import type { BuiltMetadata } from '../logic/metadata.js';
import { useCounter } from '../store/counter.js';

/** Extra information stored with the payment: order reference, note and free fields, within 1 KB. */
export function MetadataEditor({ built, issues }: { built: BuiltMetadata; issues?: FieldIssue[] }) {
  const draft = useCounter((s) => s.draft);
  const { setOrderReference, setNote, addRow, updateRow, removeRow } = useCounter.getState();
  const focusRow = useRef<string | null>(null);

  useEffect(() => {
    // A new row takes focus so the cashier can type its name straight away.
    if (!focusRow.current) return;
    document.querySelector<HTMLInputElement>(`[data-row="${focusRow.current}"]`)?.focus();
    focusRow.current = null;
  }, [draft.rows.length]);

  const over = built.bytes > built.maxBytes;
  return (
    <fieldset className="metadata">
      <legend>Sale details (optional)</legend>
      <div className="field">
        <label htmlFor="order-reference">Order reference</label>
        <input id="order-reference" type="text" autoComplete="off" value={draft.orderReference} onChange={(e) => setOrderReference(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="note">Note</label>
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
                  aria-label="Field name"
                  placeholder="Field name"
                  data-row={row.id}
                  value={row.key}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? errorId : undefined}
                  onChange={(e) => updateRow(row.id, { key: e.target.value })}
                />
                <input type="text" aria-label="Field value" placeholder="Value" value={row.value} onChange={(e) => updateRow(row.id, { value: e.target.value })} />
                <button type="button" className="btn btn-ghost btn-small" aria-label="Remove field" title={`Remove field ${n + 1}`} onClick={() => removeRow(row.id)}>
                  ✕
                </button>
                <FieldError id={errorId} text={problem} />
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
          Add field
        </button>
        <span className={`byte-counter ${over ? 'is-over' : ''}`} aria-live="polite">
          {built.bytes} / {built.maxBytes} bytes
        </span>
      </div>
      <FieldError id="metadata-error" issues={issues} />
    </fieldset>
  );
}
