/**
 * The register's choice of environment and the non-secret connection settings
 * of the bank sandbox and production, in one small JSON file in the data dir,
 * rewritten atomically. Secrets (client secrets, staging token, tokens) never
 * come here: they live in the vault. Read back as untrusted input: anything
 * that fails validation is dropped with a notice for the manager. A damaged
 * file is set aside and fails closed: the register starts in no environment
 * (active: null, saved at once so a restart stays closed) until a manager
 * chooses one. Falling back to training instead would let a production till
 * take "sales" that move no money without anyone noticing.
 */
import { join } from 'node:path';
import { isPlainObject } from '../../shared/json.js';
import { bankEnvironmentSettings } from '../../shared/ipc/requests.js';
import { validate } from '../../shared/ipc/schema-kit.js';
import {
  BANK_ENVIRONMENTS, isEnvironment, type BankEnvironment, type BankEnvironmentSettings, type Environment,
} from '../../shared/ipc/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { MAX_SETTINGS_BYTES, readTextIfExists, settingsLimitWords } from '../fs/read-text.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import { SerialQueue } from '../fs/serial-queue.js';
import type { Logger } from '../log.js';
import type { SetupNotice } from '../../shared/ipc/types.js';
import { bankSettingsDropped, environmentChoiceLost, environmentsMissing, environmentsUnreadable } from '../core/setup-notices.js';
import { earlierUse } from './earlier-use.js';
import { readSettingsText, setAside } from './set-aside.js';

export const ENVIRONMENT_CONFIG_FILE = 'environments.json';
const VERSION = 1;

export interface EnvironmentConfig {
  /** Null: no environment may open until a manager chooses one (the saved choice was lost). */
  active: Environment | null;
  /** The manager accepted saving secrets where the OS only offers the plain-text fallback. */
  acceptPlainTextRisk: boolean;
  bank: Record<BankEnvironment, BankEnvironmentSettings | null>;
}

export const defaultEnvironmentConfig = (): EnvironmentConfig => ({
  active: 'training',
  acceptPlainTextRisk: false,
  bank: { sandbox: null, production: null },
});

/** Validates a parsed file; returns the config and manager notices for what was dropped. */
export function parseEnvironmentConfig(doc: unknown): { config: EnvironmentConfig; notices: SetupNotice[] } {
  const config = defaultEnvironmentConfig();
  if (!isPlainObject(doc) || doc.version !== VERSION) {
    return { config: { ...config, active: null }, notices: [environmentsUnreadable(null, 'the file has an unknown format')] };
  }
  const notices: SetupNotice[] = [];
  config.acceptPlainTextRisk = doc.acceptPlainTextRisk === true;
  const bank = isPlainObject(doc.bank) ? doc.bank : {};
  for (const env of BANK_ENVIRONMENTS) {
    const raw = bank[env];
    if (raw === undefined || raw === null) continue;
    const checked = validate(bankEnvironmentSettings(env), raw);
    if (checked.ok) config.bank[env] = checked.value;
    else notices.push(bankSettingsDropped(env, `They were not valid: ${checked.issues.map((i) => i.detail).join('; ')}.`));
  }
  if (doc.active === null) {
    config.active = null;
    notices.push(environmentChoiceLost('it was lost at an earlier start and no manager has chosen since'));
  } else if (!isEnvironment(doc.active)) {
    config.active = null;
    notices.push(environmentChoiceLost('the saved name is not one Counterpay knows'));
  } else if (doc.active !== 'training' && config.bank[doc.active] === null) {
    // A live bank environment without settings cannot connect, and training is not what this register was doing.
    config.active = null;
    notices.push(environmentChoiceLost(`the ${doc.active} settings it needs are gone`));
  } else {
    config.active = doc.active;
  }
  return { config, notices };
}

/** Null when the text is a settings document of this version; otherwise why the whole file is unusable. */
function wholeFileProblem(text: string): string | null {
  if (text.trim() === '') return 'the file is empty';
  const parsed = parseBoundedJson(text, MAX_SETTINGS_BYTES);
  if (!parsed.ok) return parsed.limit ? settingsLimitWords(parsed.reason) : 'the file is not readable JSON';
  const doc = parsed.value;
  return isPlainObject(doc) && doc.version === VERSION ? null : 'the file has an unknown format';
}

export class EnvironmentConfigStore {
  private current: EnvironmentConfig;
  private readonly writes = new SerialQueue();

  private constructor(private readonly path: string, initial: EnvironmentConfig, private notices: SetupNotice[]) {
    this.current = initial;
  }

  static async open(dataDir: string, logger?: Logger): Promise<EnvironmentConfigStore> {
    const path = join(dataDir, ENVIRONMENT_CONFIG_FILE);
    const read = await readSettingsText(() => readTextIfExists(path));
    if (read.text === null && read.error === null) {
      // No file and no sign of earlier use is the first run: training, zero configuration, saved so the next start knows.
      const found = await earlierUse(dataDir);
      const fresh = found.length === 0;
      const store = new EnvironmentConfigStore(path, fresh ? defaultEnvironmentConfig() : { ...defaultEnvironmentConfig(), active: null }, fresh ? [] : [environmentsMissing(found)]);
      if (!fresh) logger?.warn('environment settings missing beside an earlier use; no environment opens until a manager chooses', { found });
      await store.change({});
      return store;
    }
    const whole = read.error ?? wholeFileProblem(read.text ?? '');
    const parsed = whole === null ? parseEnvironmentConfig(JSON.parse(read.text ?? '') as unknown) : null;
    if (parsed && parsed.notices.length === 0) return new EnvironmentConfigStore(path, parsed.config, []);
    const kept = await setAside(path);
    const store = parsed
      ? new EnvironmentConfigStore(path, parsed.config, parsed.notices)
      : new EnvironmentConfigStore(path, { ...defaultEnvironmentConfig(), active: null }, [environmentsUnreadable(kept, whole ?? '')]);
    for (const n of store.notices) logger?.warn('environment settings', { notice: n.kind, detail: n.detail, keptAs: kept });
    // Saved at once, cleaned: a restart must land in the same closed state, not in a silent first run.
    await store.change({});
    return store;
  }

  /** What the manager must be told about this file; each notice goes once its recovery is done. */
  setupNotices(): readonly SetupNotice[] {
    return this.notices;
  }

  get(): EnvironmentConfig {
    return { ...this.current, bank: { ...this.current.bank } };
  }

  setActive(active: Environment): Promise<void> {
    this.notices = this.notices.filter((n) => n.id !== 'environments');
    return this.change({ active });
  }

  setBankSettings(env: BankEnvironment, settings: BankEnvironmentSettings): Promise<void> {
    this.notices = this.notices.filter((n) => n.id !== `settings-${env}`);
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
