import type { FieldIssue } from '../../../shared/result.js';

/** Issues of one field, right under it; the field points here with aria-describedby. */
export function FieldError({ id, issues, text }: { id: string; issues?: FieldIssue[]; text?: string | null }) {
  const lines = [...(issues ?? []).map((i) => i.detail), ...(text ? [text] : [])];
  if (lines.length === 0) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {lines.map((l, n) => (
        <span key={n}>{l}</span>
      ))}
    </div>
  );
}
