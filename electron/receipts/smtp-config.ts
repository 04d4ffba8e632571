/**
 * The shop's mail server, given as one address: smtp://user:password@host:port
 * (STARTTLS when the server offers it) or smtps://… (TLS from the first byte).
 * Parsed once here into what nodemailer needs and what Settings may show; the
 * password never leaves this shape except towards the server.
 */
import type { MailServerView } from '../../shared/domain/receipt.js';

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (smtps). */
  secure: boolean;
  user: string;
  password: string;
}

export type SmtpParsed = { ok: true; config: SmtpConfig } | { ok: false; why: string };

export function parseSmtpUrl(raw: string): SmtpParsed {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, why: 'the mail server must be written smtp://user:password@server:587 or smtps://user:password@server:465' };
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return { ok: false, why: 'the mail server address must start with smtp:// or smtps://' };
  if (!url.hostname) return { ok: false, why: 'the mail server address has no server name' };
  const secure = url.protocol === 'smtps:';
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  let user: string;
  let password: string;
  try {
    user = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
  } catch {
    return { ok: false, why: 'the user name or password in the mail server address is not written correctly' };
  }
  return { ok: true, config: { host: url.hostname.replace(/^\[|\]$/g, ''), port, secure, user, password } };
}

export function mailServerView(config: SmtpConfig | null, source: MailServerView['source']): MailServerView {
  if (!config) return { source: 'none', target: null };
  return { source, target: { host: config.host, port: config.port, user: config.user, tls: config.secure } };
}

/** The one address a manager's fields make (the form keeps host, port, TLS, user and password apart). */
export function smtpUrlOf(s: { host: string; port: number; tls: boolean; user: string; password: string }): string {
  const login = s.user ? `${encodeURIComponent(s.user)}${s.password ? `:${encodeURIComponent(s.password)}` : ''}@` : '';
  const host = s.host.includes(':') ? `[${s.host}]` : s.host;
  return `${s.tls ? 'smtps' : 'smtp'}://${login}${host}:${s.port}`;
}
