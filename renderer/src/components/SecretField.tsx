import { useId } from 'react';
import type { FieldIssue } from '../../../shared/result.js';
import { FieldError } from './FieldError.js';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  issues?: FieldIssue[];
  /** A problem the screen found itself, already in words. */
  error?: string | null;
  /** PINs: a numeric keypad on touch screens. */
  numeric?: boolean;
  autoFocus?: boolean;
}

/** A masked input for a PIN or a secret; the browser must neither remember nor suggest it. */
export function SecretField({ label, value, onChange, hint, issues, error, numeric, autoFocus }: Props) {
  const id = useId();
  const invalid = (issues?.length ?? 0) > 0 || !!error;
  const describedBy = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        value={value}
        autoComplete="off"
        spellCheck={false}
        inputMode={numeric ? 'numeric' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
      />
      {hint && <div id={`${id}-hint`} className="field-hint">{hint}</div>}
      <FieldError id={`${id}-error`} issues={issues} text={error} label={label} />
    </div>
  );
}
