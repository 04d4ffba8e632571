/**
 * What About says: enough for a support call ("which version, which bank
 * environment, where are the files?") in words a shop manager can read out.
 */
import type { Environment } from '../../shared/ipc/types.js';

export interface AboutInfo {
  version: string;
  /** Null while no environment is open (the counter is closed). */
  environment: Environment | null;
  dataDir: string;
  versions: { electron?: string | undefined; chrome?: string | undefined; node: string };
}

const ENVIRONMENT_WORDS: Record<Environment, string> = {
  training: 'Training (no real money)',
  sandbox: 'Bank sandbox (test account)',
  production: 'Production (real payments)',
};

export function aboutDetail(info: AboutInfo): string {
  const engine = [info.versions.electron && `Electron ${info.versions.electron}`, info.versions.chrome && `Chromium ${info.versions.chrome}`, `Node ${info.versions.node}`]
    .filter(Boolean).join(', ');
  return [`Version ${info.version}`, `Environment: ${info.environment ? ENVIRONMENT_WORDS[info.environment] : 'none open (no sale can be taken)'}`, `Data folder: ${info.dataDir}`, '', engine].join('\n');
}
