/** The lang switch Chromium is started with, so its own date pickers speak the screen language. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { ENVIRONMENT_CONFIG_FILE, EnvironmentConfigStore } from '../settings/environment-config.js';
import { REGISTER_SETTINGS_FILE, RegisterSettingsStore } from '../settings/register-settings.js';
import { chromiumLang, savedRegisterLanguage } from './chromium-lang.js';

describe("Chromium's lang switch", () => {
  test('COUNTERPAY_LOCALE first, then the saved register language, else the system (no switch)', () => {
    assert.equal(chromiumLang({ COUNTERPAY_LOCALE: 'it-IT' }, 'de'), 'it');
    assert.equal(chromiumLang({ COUNTERPAY_LOCALE: 'en-XA' }, null), 'en', 'the pseudo-locale dates as English');
    assert.equal(chromiumLang({ COUNTERPAY_LOCALE: 'xx' }, 'es'), 'es', 'a language Counterpay does not speak is ignored');
    assert.equal(chromiumLang({}, 'de'), 'de');
    assert.equal(chromiumLang({}, null), null);
  });

  test("reads the language a manager saved in the active environment's settings, as the settings stores write them", async () => {
    await withTempDir('counterpay-lang-', async (dir) => {
      assert.equal(savedRegisterLanguage(dir), null, 'a fresh data folder');
      const config = await EnvironmentConfigStore.open(dir);
      await config.setActive('sandbox');
      const settings = await RegisterSettingsStore.open(join(dir, 'sandbox'));
      assert.equal(savedRegisterLanguage(dir), null, 'following the organization');
      await settings.setLanguage('de');
      assert.equal(savedRegisterLanguage(dir), 'de');
      await config.setActive('training');
      assert.equal(savedRegisterLanguage(dir), null, "another environment's choice is not this one's");
    });
  });

  test('a damaged file means no choice, never a failure before the window opens', async () => {
    await withTempDir('counterpay-lang-', async (dir) => {
      writeFileSync(join(dir, ENVIRONMENT_CONFIG_FILE), '{"active": "sandbox"');
      assert.equal(savedRegisterLanguage(dir), null);
      writeFileSync(join(dir, ENVIRONMENT_CONFIG_FILE), '{"active": "../../etc"}');
      assert.equal(savedRegisterLanguage(dir), null);
      writeFileSync(join(dir, ENVIRONMENT_CONFIG_FILE), '{"active": "sandbox"}');
      const settings = await RegisterSettingsStore.open(join(dir, 'sandbox'));
      await settings.setLanguage('fr');
      assert.equal(savedRegisterLanguage(dir), 'fr');
      writeFileSync(join(dir, 'sandbox', REGISTER_SETTINGS_FILE), '{"language": "klingon"}');
      assert.equal(savedRegisterLanguage(dir), null);
    });
  });
});
