/**
 * The receipt settings of one environment's register (paper, printer, printing by
 * itself, footer line, sender), in their own file beside the register's settings,
 * written whole and crash-safe. A damaged file gives the defaults back: a receipt
 * must still print.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readTextIfExists } from '../fs/read-text.js';
import { DEFAULT_RECEIPT_SETTINGS, RECEIPT_PAPERS, isEmailAddress, type ReceiptSettings } from '../../shared/domain/receipt.js';
import type { Logger } from '../log.js';

export const RECEIPT_SETTINGS_FILE = 'receipt-settings.json';
export const FOOTER_MAX = 200;
export const PRINTER_NAME_MAX = 200;

const optionalText = (v: unknown, max: number): string | null | undefined =>
  v === null ? null : typeof v === 'string' && v.length <= max ? (v.trim() || null) : undefined;

/** Reads what a file (or a manager's form) holds; any field that does not fit is refused as a whole. */
export function parseReceiptSettings(v: unknown): ReceiptSettings | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const printer = optionalText(o.printer, PRINTER_NAME_MAX);
  const footer = optionalText(o.footer, FOOTER_MAX);
  const mailFrom = optionalText(o.mailFrom, 254);
  if (!(RECEIPT_PAPERS as readonly unknown[]).includes(o.paper) || typeof o.autoPrint !== 'boolean') return null;
  if (printer === undefined || footer === undefined || mailFrom === undefined) return null;
  if (mailFrom !== null && !isEmailAddress(mailFrom)) return null;
  // Absent in files saved before refund receipts: off, as for a shop that never chose.
  if (o.refundReason !== undefined && typeof o.refundReason !== 'boolean') return null;
  return { paper: o.paper as ReceiptSettings['paper'], printer, autoPrint: o.autoPrint, footer, mailFrom, refundReason: o.refundReason === true };
}

export class ReceiptSettingsStore {
  private constructor(private readonly path: string, private current: ReceiptSettings) {}

  static async open(dir: string, logger: Logger): Promise<ReceiptSettingsStore> {
    const path = join(dir, RECEIPT_SETTINGS_FILE);
    let loaded: ReceiptSettings | null = null;
    try {
      const text = await readTextIfExists(path);
      loaded = text === null ? { ...DEFAULT_RECEIPT_SETTINGS } : parseReceiptSettings(JSON.parse(text));
    } catch (e) {
      logger.warn('receipt settings could not be read; using the defaults', { reason: e instanceof Error ? e.message : String(e) });
    }
    if (!loaded) logger.warn('receipt settings are damaged; using the defaults until a manager saves them');
    return new ReceiptSettingsStore(path, loaded ?? { ...DEFAULT_RECEIPT_SETTINGS });
  }

  get(): ReceiptSettings {
    return { ...this.current };
  }

  async save(next: ReceiptSettings): Promise<ReceiptSettings> {
    await writeFileAtomic(this.path, JSON.stringify(next, null, 2), { mode: 0o600 });
    this.current = { ...next };
    return this.get();
  }
}
