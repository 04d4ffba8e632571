import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { judge, parseCsv, readFindings } from './electronegativity-report.js';

const HEADER = 'issue, severity, confidence, filename, location, sample, description, url';
const row = (check: string, severity: string, file: string, sample = 'x') =>
  `${check},"${severity}","FIRM","${file}","1:2","${sample.replace(/"/g, '""')}","desc",https://example.invalid/${check}`;

describe('electronegativity report', () => {
  test('quoted fields keep their commas, quotes and line breaks', () => {
    assert.deepEqual(parseCsv('a,"b, c","d ""e""",f\n"g\nh",i\n'), [['a', 'b, c', 'd "e"', 'f'], ['g\nh', 'i']]);
  });

  test('findings are read by column; a file that is not a report is refused', () => {
    const [f] = readFindings(`${HEADER}\n${row('SANDBOX_JS_CHECK', 'MEDIUM', 'electron/window.ts', 'new BrowserWindow({ a, b })')}\n`);
    assert.deepEqual(f, {
      check: 'SANDBOX_JS_CHECK', severity: 'MEDIUM', confidence: 'FIRM', file: 'electron/window.ts', location: '1:2', sample: 'new BrowserWindow({ a, b })',
    });
    assert.throws(() => readFindings('hello,world\n'), /not an electronegativity CSV/);
  });

  test('a HIGH fails even if listed; an unlisted MEDIUM fails; LOW passes', () => {
    const findings = readFindings([HEADER,
      row('CONTEXT_ISOLATION_JS_CHECK', 'HIGH', 'electron/window.ts'),
      row('AUXCLICK_JS_CHECK', 'MEDIUM', 'electron/window.ts'),
      row('CSP_GLOBAL_CHECK', 'LOW', 'renderer/index.html')].join('\n'));
    const { problems } = judge(findings, [{ check: 'CONTEXT_ISOLATION_JS_CHECK', file: 'electron/window.ts', reason: 'no' }]);
    assert.equal(problems.length, 3);
    assert.match(problems[0] ?? '', /^HIGH CONTEXT_ISOLATION_JS_CHECK in electron\/window\.ts/);
    assert.match(problems[1] ?? '', /^MEDIUM not accepted: AUXCLICK_JS_CHECK/);
    // A HIGH cannot be accepted: its entry counts as matching nothing.
    assert.match(problems[2] ?? '', /^acceptance of CONTEXT_ISOLATION_JS_CHECK .* matches no finding/);
  });

  test('an accepted MEDIUM passes; an acceptance without a finding or without a reason fails', () => {
    const findings = readFindings(`${HEADER}\n${row('PRELOAD_JS_CHECK', 'MEDIUM', 'electron/window.ts')}`);
    assert.deepEqual(judge(findings, [{ check: 'PRELOAD_JS_CHECK', file: 'electron/window.ts', reason: 'ours' }]), { problems: [], acceptedCount: 1 });
    const stale = judge(findings, [
      { check: 'PRELOAD_JS_CHECK', file: 'electron/window.ts', reason: '' },
      { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'electron/shell/main.ts', reason: 'gone' },
    ]);
    assert.deepEqual(stale.problems.map((p) => p.replace(/ in .*/, '')), ['acceptance of PRELOAD_JS_CHECK', 'acceptance of OPEN_EXTERNAL_JS_CHECK']);
  });
});
