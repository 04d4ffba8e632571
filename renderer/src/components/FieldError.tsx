import type { FieldIssue } from '../../../shared/result.js';
import { issueWords } from '../i18n/issue-words.js';
import { useT } from '../i18n/useT.js';

/**
 * Issues of one field, right under it, in words; the field points here with aria-describedby. text: already worded.
 * label: the field's visible label, so the message names the field exactly as the screen does.
 */
export function FieldError({ id, issues, text, label }: { id: string; issues?: FieldIssue[]; text?: string | null; label?: string }) {
  const t = useT();
  const lines = [...(issues ?? []).map((i) => issueWords(t, i, label)), ...(text ? [text] : [])];
  if (lines.length === 0) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {lines.map((l, n) => (
        <span key={n}>{l}</span>
      ))}
    </div>
  );
}
