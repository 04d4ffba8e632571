import { useId } from 'react';
import type { FieldIssue } from '../../../shared/result.js';
import { FieldError } from './FieldError.js';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  issues?: FieldIssue[];
  /** A problem the screen already worded (its own check, in the screen's language). */
  errorText?: string | null;
  hint?: string;
  required?: boolean;
  type?: 'text' | 'email' | 'search' | 'tel';
  className?: string;
  onBlur?: () => void;
  autoFocus?: boolean;
}

/** A labelled text input with its hint and its issues wired for screen readers. */
export function TextField({ label, value, onChange, issues, errorText, hint, required, type = 'text', className, onBlur, autoFocus }: Props) {
  const id = useId();
  const invalid = (issues?.length ?? 0) > 0 || !!errorText;
  const describedBy = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span className="required" aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        autoFocus={autoFocus}
      />
      {hint && <div id={`${id}-hint`} className="field-hint">{hint}</div>}
      <FieldError id={`${id}-error`} issues={issues} text={errorText ?? null} label={label} />
    </div>
  );
}
