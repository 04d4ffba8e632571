import { useId } from 'react';

interface Props {
  label: string;
  /** What the summary says when nothing is picked (no filter). */
  all: string;
  options: { value: string; label: string }[];
  picked: readonly string[];
  onToggle: (value: string) => void;
}

/** A filter with several values at once: a drop-down of checkboxes whose summary says what is picked. */
export function MultiPick({ label, all, options, picked, onToggle }: Props) {
  const id = useId();
  const names = options.filter((o) => picked.includes(o.value)).map((o) => o.label);
  const summary = picked.length === 0 ? all : picked.length <= 2 ? names.join(', ') : `${picked.length} chosen`;
  return (
    <div className="field">
      <span className="label" id={`${id}-label`}>{label}</span>
      <details className="multi">
        <summary aria-labelledby={`${id}-label ${id}-summary`}><span id={`${id}-summary`}>{summary}</span> ▾</summary>
        <fieldset className="multi-options" aria-labelledby={`${id}-label`}>
          {options.length === 0 && <p className="muted">Nothing to choose from.</p>}
          {options.map((o) => (
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
