/**
 * Receipts for one environment, wired to the core: this register's paid payments
 * (today's from the engine, an earlier day's from its journal) and its refunds, the organization's
 * name and legal address, the register's name, the terminal's name, and the
 * printer and mail server the app was given.
 */
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { readHistory } from '../history/journal-history.js';
import { refundOf } from '../payments/money-bodies.js';
import { ReceiptService, type MailServer, type ReceiptPrinter } from '../receipts/receipt-service.js';
import { parseSmtpUrl, type SmtpConfig } from '../receipts/smtp-config.js';
import type { Environment } from '../../shared/ipc/types.js';
import type { Logger } from '../log.js';
import type { EnvironmentSecrets } from './environment-secrets.js';
import type { MailSender } from '../receipts/smtp-sender.js';
import type { CoreContext } from './context.js';
import { receiptHandlers, type MailServerStore } from './handlers/receipts.js';

/** What the app brings to receipts: the shell's printer (none in the harness) and the mail server's place. */
export interface ReceiptsHost {
  printer: ReceiptPrinter | null;
  mailServer: () => MailServer | null;
  mailServerStore: MailServerStore;
  /** Tests: another way to the server. */
  sender?: (config: SmtpConfig) => MailSender;
}

const NO_HOST: ReceiptsHost = {
  printer: null,
  mailServer: () => null,
  mailServerStore: { setAtStart: () => false, savedPassword: () => null, save: async () => undefined },
};

export async function openReceipts(ctx: CoreContext, dataDir: string, terminalNames: ReadonlyMap<string, string>, host: ReceiptsHost = NO_HOST) {
  const registerId = ctx.settings.get().registerId;
  const attempt = async (attemptId: string, day: string | null): Promise<Attempt | null> => {
    let a = ctx.engine.get(attemptId) ?? null;
    if (!a && day) a = (await readHistory(join(dataDir, 'journal'), { from: day, to: day })).attempts.find((x) => x.id === attemptId) ?? null;
    // Another register's payment has its own numbers: its receipt is made there.
    return a && a.registerId === registerId ? a : null;
  };
  const service = await ReceiptService.open({
    dataDir,
    journalDir: join(dataDir, 'journal'),
    records: ctx.engine,
    clock: ctx.clock,
    logger: ctx.logger,
    training: ctx.environment === 'training',
    attempt,
    refund: async (refundId, saleDay) => {
      // Read from the sale's day on: the sale, and every refund recorded since, whatever day.
      const h = await readHistory(join(dataDir, 'journal'), { from: saleDay, to: saleDay });
      const refund = h.others.map((o) => refundOf(o.entry)).find((r) => r?.refundId === refundId);
      const sale = refund ? h.attempts.find((a) => a.id === refund.attemptId) : undefined;
      return refund && sale && sale.registerId === registerId ? { refund, sale } : null;
    },
    register: () => {
      // The computer's name stands in for a register never named, as in the exports: a customer never reads an id.
      const name = ctx.store?.registerName ?? ctx.settings.get().registerName ?? hostname();
      return { name, prefix: ctx.store ? name : null };
    },
    terminalName: (id) => terminalNames.get(id) ?? id.slice(0, 8),
    shop: async () => {
      if (ctx.connection.status().status !== 'connected') return null;
      // Fetched once per connection like the name on every screen; a receipt does not ask the bank again.
      const org = ctx.organization.current() ?? await ctx.organization.refresh();
      return { name: org.name || org.legal_name || '', address: typeof org.legal_address === 'string' && org.legal_address.trim() ? org.legal_address.trim() : null };
    },
    printer: host.printer,
    mailServer: host.mailServer,
    ...(host.sender ? { sender: host.sender } : {}),
  });
  return { service, handlers: receiptHandlers(service, host.mailServerStore), close: () => service.close() };
}

/** What the shell gives at start: its printer, and COUNTERPAY_SMTP_URL when set for this computer (Settings then show it read-only). */
export interface ReceiptsAtStart {
  printer: ReceiptPrinter | null;
  smtpUrl: string | null;
  sender?: (config: SmtpConfig) => MailSender;
}

/** One environment's mail server: the one set at start, else the one a manager saved (encrypted) for this environment. */
export function receiptsHost(env: Environment, secrets: EnvironmentSecrets, logger: Logger, start: ReceiptsAtStart | undefined): ReceiptsHost {
  const atStart = start?.smtpUrl ? parseSmtpUrl(start.smtpUrl) : null;
  if (start?.smtpUrl) {
    logger.addSecret(start.smtpUrl);
    if (atStart?.ok && atStart.config.password) logger.addSecret(atStart.config.password);
    if (atStart && !atStart.ok) logger.warn('COUNTERPAY_SMTP_URL cannot be used', { reason: atStart.why });
  }
  return {
    printer: start?.printer ?? null,
    mailServer: () => {
      if (atStart?.ok) return { config: atStart.config, source: 'environment' };
      const url = secrets.smtpUrl(env);
      const saved = url ? parseSmtpUrl(url) : null;
      return saved?.ok ? { config: saved.config, source: 'settings' } : null;
    },
    mailServerStore: {
      setAtStart: () => atStart !== null,
      savedPassword: () => {
        const url = secrets.smtpUrl(env);
        const saved = url ? parseSmtpUrl(url) : null;
        return saved?.ok ? saved.config.password : null;
      },
      save: (url) => secrets.setSmtpUrl(env, url),
    },
    ...(start?.sender ? { sender: start.sender } : {}),
  };
}
