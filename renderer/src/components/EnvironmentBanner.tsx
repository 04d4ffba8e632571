import type { Environment } from '../../../shared/ipc/types.js';
import { say } from '../../../shared/i18n/translate.js';
import { useT } from '../i18n/useT.js';
import { bannerOf } from '../logic/environment-banner.js';
import '../styles/glance.css';

/** The band above the top bar on every screen (logic/environment-banner.ts says which and why). */
export function EnvironmentBanner({ environment, organization }: { environment: Environment | null; organization?: string | null }) {
  const t = useT();
  const banner = bannerOf(environment, organization);
  return (
    <div className={`env-banner env-${banner.kind}`} role="status">
      {say(t, banner.words)}
    </div>
  );
}
