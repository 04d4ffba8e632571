import { useId, useState } from 'react';
import { useT } from '../i18n/useT.js';

interface Props {
  label: string;
  /** What the summary says when nothing is picked (no filter). */
  all: string;
  options: { value: string; label: string }[];
  picked: readonly string[];
  onToggle: (value: string) => void;
  /** Said above the options when the list was cut short, with how to find what is missing. */
  cappedNote?: string | null;
}

/** Long lists get a box to narrow them as one types. */
const NARROW_FROM = 10;

/** A filter with several values at once: a drop-down of checkboxes whose summary says what is picked. */
export function MultiPick({ label, all, options, picked, onToggle, cappedNote }: Props) {
  const t = useT();
  const id = useId();
  const [narrow, setNarrow] = useState('');
  const names = options.filter((o) => picked.includes(o.value)).map((o) => o.label);
  const summary = picked.length === 0 ? all : picked.length <= 2 ? names.join(', ') : t('office.pick.chosen', { count: picked.length });
  const folded = narrow.trim().toLocaleLowerCase();
  // A picked value stays in view whatever is typed, so it can always be unticked.
  const shown = folded ? options.filter((o) => picked.includes(o.value) || o.label.toLocaleLowerCase().includes(folded)) : options;
  return (
    <div className="field">
      <span className="label" id={`${id}-label`}>{label}</span>
      <details className="multi">
        <summary aria-labelledby={`${id}-label ${id}-summary`}><span id={`${id}-summary`}>{summary}</span> ▾</summary>
        <fieldset className="multi-options" aria-labelledby={`${id}-label`}>
          {cappedNote && <p className="multi-capped" role="note">{cappedNote}</p>}
          {options.length >= NARROW_FROM && (
            <input type="search" className="multi-narrow" aria-label={t('office.pick.narrow', { list: label })} placeholder={t('office.pick.narrowPlaceholder')}
              value={narrow} onChange={(e) => setNarrow(e.target.value)} />
          )}
          {options.length === 0 && <p className="muted">{t('office.pick.nothing')}</p>}
          {options.length > 0 && shown.length === 0 && <p className="muted">{t('office.pick.noMatch')}</p>}
          {shown.map((o) => (
            <label key={o.value}>
              <input type="checkbox" checked={picked.includes(o.value)} onChange={() => onToggle(o.value)} />
              {o.label}
            </label>
          ))}
        </fieldset>
      </details>
    </div>
  );
}
