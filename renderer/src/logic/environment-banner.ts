/**
 * Which band tops every screen: loud for training, the sandbox and a closed counter (nobody must
 * mistake them for real takings), discreet for production, which still names itself (the
 * organization and "live") so nobody wonders which world they are in.
 */
import type { Environment } from '../../../shared/ipc/types.js';
import type { Words } from '../../../shared/i18n/translate.js';

export interface Banner {
  /** The CSS modifier: env-none, env-training, env-sandbox, env-live. */
  kind: 'none' | 'training' | 'sandbox' | 'live';
  words: Words;
}

export function bannerOf(environment: Environment | null, organization: string | null | undefined): Banner {
  if (environment === null) return { kind: 'none', words: { id: 'banner.closed' } };
  if (environment === 'training') return { kind: 'training', words: { id: 'banner.training' } };
  if (environment === 'sandbox') return { kind: 'sandbox', words: { id: 'banner.sandbox' } };
  return organization
    ? { kind: 'live', words: { id: 'glance.banner.live', values: { organization } } }
    : { kind: 'live', words: { id: 'glance.banner.liveNoOrganization' } };
}
