/**
 * Judges an electronegativity CSV report. The tool exits 0 whatever it finds,
 * so CI reads its report instead: any HIGH (or worse) fails, any MEDIUM fails
 * unless electronegativity-accepted.json names it (check and file) with the
 * reason it is acceptable, and an acceptance that no longer matches a finding
 * fails too, so the list never outlives the code it excuses.
 */

export interface Finding {
  check: string;
  severity: string;
  confidence: string;
  file: string;
  location: string;
  sample: string;
}

export interface Acceptance {
  check: string;
  file: string;
  reason: string;
}

/** RFC 4180 fields: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === ',') {
      row.push(field.trim());
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field.trim());
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field.trim());
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

export function readFindings(csv: string): Finding[] {
  const [header, ...rows] = parseCsv(csv);
  if (!header || header[0] !== 'issue' || header[1] !== 'severity') throw new Error('not an electronegativity CSV report (unexpected header)');
  return rows.map((r) => ({
    check: r[0] ?? '', severity: (r[1] ?? '').toUpperCase(), confidence: r[2] ?? '', file: r[3] ?? '', location: r[4] ?? '', sample: r[5] ?? '',
  }));
}

const FAILING = new Set(['HIGH', 'CRITICAL']);

export function judge(findings: readonly Finding[], accepted: readonly Acceptance[]): { problems: string[]; acceptedCount: number } {
  const problems: string[] = [];
  const used = new Set<Acceptance>();
  let acceptedCount = 0;
  for (const f of findings) {
    const where = `${f.check} in ${f.file} at ${f.location}: ${f.sample}`;
    if (FAILING.has(f.severity)) {
      problems.push(`${f.severity} ${where}`);
    } else if (f.severity === 'MEDIUM') {
      const a = accepted.find((x) => x.check === f.check && x.file === f.file);
      if (!a) problems.push(`MEDIUM not accepted: ${where} (fix it, or name it with its reason in scripts/electronegativity-accepted.json)`);
      else {
        used.add(a);
        acceptedCount++;
      }
    }
  }
  for (const a of accepted) {
    if (!a.reason.trim()) problems.push(`acceptance of ${a.check} in ${a.file} gives no reason`);
    if (!used.has(a)) problems.push(`acceptance of ${a.check} in ${a.file} matches no finding any more: remove it`);
  }
  return { problems, acceptedCount };
}
