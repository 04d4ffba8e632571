/**
 * Chromium's own widgets (the date picker of <input type=date>, spelling, built-in
 * labels) follow its `lang` switch, which can only be set before the app is ready:
 * so the choice is made from what is known then — COUNTERPAY_LOCALE, else the
 * language a manager saved for this register in the environment last open. A
 * register that follows its organization's locale learns it only from the bank,
 * later: Chromium then keeps the system's language.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { forcedLanguageOf, intlLocaleOf, isLanguage, type Language } from '../../shared/i18n/languages.js';
import { isPlainObject } from '../../shared/json.js';
import { isEnvironment } from '../../shared/ipc/types.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import { MAX_SETTINGS_BYTES } from '../fs/read-text.js';
import { ENVIRONMENT_CONFIG_FILE } from '../settings/environment-config.js';
import { forcedLocale } from '../settings/forced-locale.js';
import { REGISTER_SETTINGS_FILE } from '../settings/register-settings.js';

/** The `lang` switch's value, or null to leave Chromium on the system's language. */
export function chromiumLang(env: NodeJS.ProcessEnv, savedLanguage: Language | null): string | null {
  const language = forcedLanguageOf(forcedLocale(env)) ?? savedLanguage;
  return language ? intlLocaleOf(language) : null;
}

/** The register language saved in the active environment's settings; null when none, or anything is unreadable (the core reports that later). */
export function savedRegisterLanguage(dataDir: string): Language | null {
  const active = readJson(join(dataDir, ENVIRONMENT_CONFIG_FILE))?.active;
  if (!isEnvironment(active)) return null;
  const language = readJson(join(dataDir, active, REGISTER_SETTINGS_FILE))?.language;
  return isLanguage(language) ? language : null;
}

function readJson(path: string): Record<string, unknown> | null {
  try {
    if (statSync(path).size > MAX_SETTINGS_BYTES) return null;
    const parsed = parseBoundedJson(readFileSync(path, 'utf8'), MAX_SETTINGS_BYTES);
    return parsed.ok && isPlainObject(parsed.value) ? parsed.value : null;
  } catch {
    return null;
  }
}
