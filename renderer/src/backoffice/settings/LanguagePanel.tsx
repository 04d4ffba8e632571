import { useState } from 'react';
import { LANGUAGES, forcedLanguageOf, isLanguage, languageOf, type Language } from '../../../../shared/i18n/languages.js';
import type { MessageId } from '../../../../shared/i18n/catalogs/en.js';
import type { IpcError } from '../../../../shared/ipc/types.js';
import { call } from '../../bridge.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useT } from '../../i18n/useT.js';
import { useApp } from '../../store/app.js';

const NAMES: Record<Language, MessageId> = {
  fr: 'language.name.fr', en: 'language.name.en', it: 'language.name.it', de: 'language.name.de', es: 'language.name.es',
};
const FOLLOW = 'organization';

/** The register's language: the organization's by default, or the manager's pick for this register. */
export function LanguagePanel() {
  const t = useT();
  const appState = useApp((s) => s.appState);
  const lastLocale = useApp((s) => s.lastLocale);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [done, setDone] = useState(false);
  const register = appState?.language?.register ?? null;
  const organization = languageOf(appState?.organization?.locale ?? lastLocale) ?? 'fr';
  const forced = forcedLanguageOf(appState?.language?.forced);

  const choose = async (value: string) => {
    setBusy(true);
    setDone(false);
    const res = await call('setRegisterLanguage', { language: isLanguage(value) ? value : null });
    setBusy(false);
    if (res.ok) {
      useApp.getState().setAppState(res.value);
      setError(null);
      setDone(true);
    } else setError(res.error);
  };

  return (
    <section className="settings-block" aria-labelledby="language-heading">
      <h3 id="language-heading">{t('settings.language.title')}</h3>
      {forced && (
        <p className="muted" role="status">
          {t('settings.language.forced', { language: isLanguage(forced) ? t(NAMES[forced]) : forced })}
        </p>
      )}
      <div className="field">
        <label htmlFor="register-language">{t('settings.language.label')}</label>
        <select id="register-language" value={register ?? FOLLOW} disabled={busy} onChange={(e) => void choose(e.target.value)}>
          <option value={FOLLOW}>{t('settings.language.followOrganization', { language: t(NAMES[organization]) })}</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>{t(NAMES[l])}</option>
          ))}
        </select>
      </div>
      {done && <div className="alert alert-success" role="status">{t('settings.language.saved')}</div>}
      <ErrorAlert error={error} />
    </section>
  );
}
