/** The literal-text rule catches words typed into components and lets catalog calls and symbols through. */
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { noLiteralUiText } from './no-literal-ui-text.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run('no-literal-ui-text', noLiteralUiText, {
  valid: [
    { code: 'const a = <p>{t("sale.paid")}</p>;' },
    { code: 'const a = <span>•••• {digits}</span>;' },
    { code: 'const a = <option>{label} ↑</option>;' },
    { code: 'const a = <input className="btn btn-primary" id="amount" type="search" />;' },
    { code: 'const a = <Field label={t("settings.pin.new")} hint={t("settings.pin.newHint")} />;' },
    { code: 'const a = <p>{count} — {total}</p>;' },
  ],
  invalid: [
    { code: 'const a = <p>Paid</p>;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <button>{"New sale"}</button>;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <p>{ok ? "Paid" : t("x")}</p>;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <p>{`Register ${id}`}</p>;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <input placeholder="Name, nickname…" />;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <nav aria-label="Main" />;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <Field label={`${env} settings`} />;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <p>{name || "Unnamed card"}</p>;', errors: [{ messageId: 'literal' }] },
  ],
});
