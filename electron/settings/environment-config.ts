/**
 * The register's choice of environment and the non-secret connection settings
 * of the bank sandbox and production, in one small JSON file in the data dir,
 * rewritten atomically. Secrets (client secrets, staging token, tokens) never
 * come here: they live in the vault. Read back as untrusted input: anything
 * that fails validation is dropped with a warning, and a damaged file falls
 * back to training, the one environment where no real money can move.
 */
import { join } from 'node:path';
import { isPlainObject } from '../../shared/json.js';
import { bankEnvironmentSettings } from '../../shared/ipc/requests.js';
import { validate } from '../../shared/ipc/schema-kit.js';
import {
  BANK_ENVIRONMENTS, isEnvironment, type BankEnvironment, type BankEnvironmentSettings, type Environment,
} from '../../shared/ipc/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readTextIfExists } from '../fs/read-text.js';
import { SerialQueue } from '../fs/serial-queue.js';
import type { Logger } from '../log.js';

export const ENVIRONMENT_CONFIG_FILE = 'environments.json';
const VERSION = 1;

export interface EnvironmentConfig {
  active: Environment;
  /** The manager accepted saving secrets where the OS only offers the plain-text fallback. */
  acceptPlainTextRisk: boolean;
  bank: Record<BankEnvironment, BankEnvironmentSettings | null>;
}

export const defaultEnvironmentConfig = (): EnvironmentConfig => ({
  active: 'training',
  acceptPlainTextRisk: false,
  bank: { sandbox: null, production: null },
});

/** Validates a parsed file; returns the config and manager-readable warnings for what was dropped. */
export function parseEnvironmentConfig(doc: unknown): { config: EnvironmentConfig; warnings: string[] } {
  const config = defaultEnvironmentConfig();
  if (!isPlainObject(doc) || doc.version !== VERSION) {
    return { config, warnings: ['The environment settings file has an unknown format; starting in training.'] };
  }
  const warnings: string[] = [];
  if (isEnvironment(doc.active)) config.active = doc.active;
  else warnings.push('The saved live environment is not valid; starting in training.');
  config.acceptPlainTextRisk = doc.acceptPlainTextRisk === true;
  const bank = isPlainObject(doc.bank) ? doc.bank : {};
  for (const env of BANK_ENVIRONMENTS) {
    const raw = bank[env];
    if (raw === undefined || raw === null) continue;
    const checked = validate(bankEnvironmentSettings(env), raw);
    if (checked.ok) config.bank[env] = checked.value;
    else warnings.push(`The saved ${env} settings were invalid (${checked.issues.map((i) => i.detail).join('; ')}) and were dropped.`);
  }
  // A live bank environment without settings cannot connect; training is the safe place to land.
  if (config.active !== 'training' && config.bank[config.active] === null) config.active = 'training';
  return { config, warnings };
}

export class EnvironmentConfigStore {
  private current: EnvironmentConfig;
  private readonly writes = new SerialQueue();

  private constructor(private readonly path: string, initial: EnvironmentConfig, readonly warnings: readonly string[]) {
    this.current = initial;
  }

  static async open(dataDir: string, logger?: Logger): Promise<EnvironmentConfigStore> {
    const path = join(dataDir, ENVIRONMENT_CONFIG_FILE);
    const text = await readTextIfExists(path);
    if (text === null) return new EnvironmentConfigStore(path, defaultEnvironmentConfig(), []);
    let doc: unknown = null;
    try {
      doc = JSON.parse(text);
    } catch {
      doc = null;
    }
    const { config, warnings } = parseEnvironmentConfig(doc);
    for (const w of warnings) logger?.warn('environment settings', { warning: w });
    return new EnvironmentConfigStore(path, config, warnings);
  }

  get(): EnvironmentConfig {
    return { ...this.current, bank: { ...this.current.bank } };
  }

  setActive(active: Environment): Promise<void> {
    return this.change({ active });
  }

  setBankSettings(env: BankEnvironment, settings: BankEnvironmentSettings): Promise<void> {
    return this.change({ bank: { ...this.current.bank, [env]: settings } });
  }

  setAcceptPlainTextRisk(acceptPlainTextRisk: boolean): Promise<void> {
    return this.change({ acceptPlainTextRisk });
  }

  private change(patch: Partial<EnvironmentConfig>): Promise<void> {
    this.current = { ...this.current, ...patch };
    const text = JSON.stringify({ version: VERSION, ...this.current }, null, 2) + '\n';
    return this.writes.run(() => writeFileAtomic(this.path, text));
  }
}
