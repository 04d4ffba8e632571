/**
 * The language walk: in French, Italian, German and Spanish, every screen of
 * the table in testing/walk-screens.ts is visited and photographed, and the
 * walk fails on English the language words differently, or on a raw code (a
 * bank code, a field name, an HTTP status, a URL, an id) in the visible text.
 * Screens still being translated elsewhere are marked pending there: their
 * findings are reported as annotations until the mark is removed.
 */
import { test, expect } from './testing/fixtures.js';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bank } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { englishFragments, leftovers } from './testing/leftovers.js';
import { SCREENS } from './testing/walk-screens.js';
import type { Language } from '../shared/i18n/languages.js';
import { translator } from '../shared/i18n/translate.js';

const WALKED: Language[] = ['fr', 'it', 'de', 'es'];

for (const language of WALKED) {
  test(`every screen in ${language}: no English left, no code`, async ({ page, startHarness }, info) => {
    test.setTimeout(300_000);
    const t = translator(language);
    const fragments = englishFragments(language);
    const harness = await startHarness({ locale: language });
    const bank = new Bank(harness.bankUrl);
    await page.goto(harness.url);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const failures: string[] = [];
    for (const [n, screen] of SCREENS.entries()) {
      await test.step(screen.name, async () => {
        await screen.open({ page, t, harness: harness!, bank });
        await snap(page, info, `walk-${language}-${String(n + 1).padStart(2, '0')}-${screen.name}`);
        // What a person reads: every visible text node on its own line (so a name and the badge beside it
        // are not read as one word), plus what inputs show and buttons say on hover.
        const text = await page.evaluate(() => {
          const lines: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const parent = n.parentElement;
            if (parent && n.textContent?.trim() && parent.checkVisibility({ visibilityProperty: true })) lines.push(n.textContent);
          }
          for (const el of Array.from(document.querySelectorAll<HTMLElement>('[placeholder], [title]'))) {
            lines.push(el.getAttribute('placeholder') ?? '', el.getAttribute('title') ?? '');
          }
          return lines.join('\n');
        });
        const found = leftovers(text, fragments);
        if (found.length === 0) return;
        const line = `${screen.name}: ${found.join('; ')}`;
        if (screen.pending) info.annotations.push({ type: `pending (${screen.pending})`, description: line });
        else failures.push(line);
      });
    }
    // What the pending screens still show, for whoever removes their mark.
    const pending = info.annotations.filter((a) => a.type.startsWith('pending'));
    writeFileSync(join(info.project.outputDir, '..', 'screens', `walk-${language}-pending.json`), JSON.stringify(pending, null, 2));
    expect(failures, `English or codes on the ${language} screens`).toEqual([]);
  });

  test(`damaged files at start-up in ${language}: the closed till and its notices, no English, no code`, async ({ page, startHarness }, info) => {
    const t = translator(language);
    // The journal's folder is a file (the till stays closed) and the manager PIN file is garbage.
    const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-walk-'));
    mkdirSync(join(dataDir, 'training'), { recursive: true });
    writeFileSync(join(dataDir, 'training', 'journal'), 'not a folder');
    writeFileSync(join(dataDir, 'manager-pin.json'), '{"version":1,"pin":');
    const harness = await startHarness({ locale: language, dataDir });
    await page.goto(harness.url);
    await expect(page.getByRole('heading', { name: t('closed.heading') })).toBeVisible();
    await expect(page.getByText(t('closed.reason', { why: 'journal' }))).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(2);
    await snap(page, info, `walk-${language}-notices`);
    const found = leftovers(await page.locator('body').innerText(), englishFragments(language), [join(dataDir, 'training', 'journal'), dataDir]);
    expect(found, `English or codes on the ${language} start-up notices`).toEqual([]);
  });
}
