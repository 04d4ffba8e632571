import type { Environment } from '../../../shared/ipc/types.js';
import { useT } from '../i18n/useT.js';
import '../styles/glance.css';

/**
 * Loud on purpose: nobody must mistake training or the sandbox for real takings. Production has a
 * discreet band of its own (the organization and "live"), so no one wonders which world they are in.
 */
export function EnvironmentBanner({ environment, organization }: { environment: Environment | null; organization?: string | null }) {
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
  return (
    <div className="env-banner env-live" role="status">
      {organization ? t('glance.banner.live', { organization }) : t('glance.banner.liveNoOrganization')}
    </div>
  );
}
