import { useT } from '../i18n/useT.js';

/** Said instead of showing a screen that silently fails: the bridge to the payment engine is missing. */
export function FatalScreen() {
  const t = useT();
  return (
    <div className="fatal" role="alert">
      <h1>{t('app.fatal.title')}</h1>
      <p>{t('app.fatal.body')}</p>
    </div>
  );
}
