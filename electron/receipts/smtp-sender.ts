/**
 * Hands one receipt e-mail to the shop's mail server with nodemailer. The caller
 * sets the Message-ID, so every try of one receipt carries the same one and the
 * customer's mail program shows a repeat as the same message.
 */
import nodemailer from 'nodemailer';
import type { SmtpConfig } from './smtp-config.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  receiptNumber: string;
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
}

// A counter must hear within seconds whether the mail left; the queue retries later.
const CONNECT_MS = 10_000;
const SOCKET_MS = 20_000;

export function smtpSender(config: SmtpConfig): MailSender {
  return {
    async send(mail) {
      const transport = nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        ...(config.user ? { auth: { user: config.user, pass: config.password } } : {}),
        connectionTimeout: CONNECT_MS,
        greetingTimeout: CONNECT_MS,
        socketTimeout: SOCKET_MS,
      });
      try {
        await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          headers: { 'X-Counterpay-Receipt': mail.receiptNumber },
        });
      } finally {
        transport.close();
      }
    },
  };
}
