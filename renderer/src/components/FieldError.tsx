import type { FieldIssue } from '../../../shared/result.js';
import { issueWords } from '../i18n/issue-words.js';
import { useT } from '../i18n/useT.js';

/** Issues of one field, right under it, in words; the field points here with aria-describedby. text: already worded. */
export function FieldError({ id, issues, text }: { id: string; issues?: FieldIssue[]; text?: string | null }) {
  const t = useT();
  const lines = [...(issues ?? []).map((i) => issueWords(t, i)), ...(text ? [text] : [])];
  if (lines.length === 0) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {lines.map((l, n) => (
        <span key={n}>{l}</span>
      ))}
    </div>
  );
}
