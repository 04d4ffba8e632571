/**
 * What the app's own dialogs say (it could not start, it has to close), in the
 * language of this computer: COUNTERPAY_LOCALE if set, else the system's
 * language. Before the core has started the register's choice cannot be read,
 * so the system's language is the best guess a person at the till can read.
 */
import { en } from '../../shared/i18n/catalogs/en.js';
import { DEFAULT_LANGUAGE, forcedLanguageOf, languageOf, type DisplayLanguage } from '../../shared/i18n/languages.js';
import { translator } from '../../shared/i18n/translate.js';
import { DataDirLockedError } from '../fs/data-dir-lock.js';
import { forcedLocale } from '../settings/forced-locale.js';

export interface DialogWords {
  title: string;
  message: string;
}

export function shellLanguage(env: NodeJS.ProcessEnv, systemLocale: string | null): DisplayLanguage {
  return forcedLanguageOf(forcedLocale(env)) ?? languageOf(systemLocale) ?? DEFAULT_LANGUAGE;
}

export const FATAL_WORDS_EN: DialogWords = { title: en['fatal.title'], message: en['fatal.message'] };

export function fatalWords(language: DisplayLanguage): DialogWords {
  const t = translator(language);
  return { title: t('fatal.title'), message: t('fatal.message') };
}

/** Why the app could not start, for the person at the till; the error itself goes to the log. */
export function startFailureWords(language: DisplayLanguage, error: unknown): DialogWords {
  const t = translator(language);
  const title = t('startup.failed.title');
  if (error instanceof DataDirLockedError) {
    return { title, message: t('startup.dataFolderLocked', { folder: error.dir, pid: error.holder ? String(error.holder.pid) : '?' }) };
  }
  return { title, message: t('fatal.message') };
}

/** COUNTERPAY_DATA_DIR set to a folder that cannot be used. */
export function dataFolderUnusableWords(language: DisplayLanguage): DialogWords {
  const t = translator(language);
  return { title: t('startup.failed.title'), message: t('startup.dataFolderUnusable') };
}
