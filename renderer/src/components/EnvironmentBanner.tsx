import type { Environment } from '../../../shared/ipc/types.js';
import { useT } from '../i18n/useT.js';

/** Loud on purpose: nobody must mistake training or the sandbox for real takings. Production shows nothing. */
export function EnvironmentBanner({ environment }: { environment: Environment | null }) {
  const t = useT();
  if (environment === null) {
    return (
      <div className="env-banner env-none" role="status">
        {t('banner.closed')}
      </div>
    );
  }
  if (environment === 'training') {
    return (
      <div className="env-banner env-training" role="status">
        {t('banner.training')}
      </div>
    );
  }
  if (environment === 'sandbox') {
    return (
      <div className="env-banner env-sandbox" role="status">
        {t('banner.sandbox')}
      </div>
    );
  }
  return null;
}
