/**
 * A real SMTP server on loopback for the receipt tests (npm smtp-server): it keeps
 * every message it accepted, and can be told to refuse the login, a recipient, the
 * sender (asking for TLS first), or the next messages for now (451), so each failure
 * the cashier can meet comes from a server, not from a stub.
 */
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface Received {
  from: string;
  to: string[];
  raw: string;
  messageId: string | null;
  subject: string | null;
}

export interface LoopbackSmtpOptions {
  port?: number;
  /** The only login accepted; absent accepts mail without a login. */
  login?: { user: string; pass: string };
  refuseRecipient?: (address: string) => boolean;
  /** Answer MAIL FROM with 530 "Must issue a STARTTLS command first". */
  requireTls?: boolean;
  /** Refuse this many messages with 451 after reading them (a busy server), then accept. */
  busyFor?: number;
}

const smtpError = (code: number, text: string): Error => Object.assign(new Error(text), { responseCode: code });
const header = (raw: string, name: string): string | null => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw)?.[1]?.trim() ?? null;

export class LoopbackSmtp {
  readonly received: Received[] = [];
  /** Every message read, accepted or not (the 451 ones too). */
  readonly seen: Received[] = [];
  private busy = 0;
  private server: SMTPServer | null = null;
  port = 0;

  static async start(opts: LoopbackSmtpOptions = {}): Promise<LoopbackSmtp> {
    const self = new LoopbackSmtp();
    self.busy = opts.busyFor ?? 0;
    const options: SMTPServerOptions = {
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: !opts.login,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, cb) {
        if (opts.login && auth.username === opts.login.user && auth.password === opts.login.pass) cb(null, { user: auth.username });
        else cb(smtpError(535, 'Authentication credentials invalid'));
      },
      onMailFrom(_address, _session, cb) {
        if (opts.requireTls) cb(smtpError(530, 'Must issue a STARTTLS command first'));
        else cb();
      },
      onRcptTo(address, _session, cb) {
        if (opts.refuseRecipient?.(address.address)) cb(smtpError(550, 'No such user here'));
        else cb();
      },
      onData(stream, session, cb) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (d: string) => (raw += d));
        stream.on('end', () => {
          const mail: Received = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw, messageId: header(raw, 'Message-ID'), subject: header(raw, 'Subject'),
          };
          self.seen.push(mail);
          if (self.busy > 0) {
            self.busy -= 1;
            cb(smtpError(451, 'Try again later'));
            return;
          }
          self.received.push(mail);
          cb();
        });
      },
    };
    const server = new SMTPServer(options);
    self.server = server;
    self.port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
    return self;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A loopback port nothing listens on (a server that is down). */
export async function freePort(): Promise<number> {
  const s = await LoopbackSmtp.start();
  await s.close();
  return s.port;
}
