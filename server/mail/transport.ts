import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
  /** True when messages only reach the server's log: the outbox then records them as logged, not sent. */
  logOnly?: boolean;
}

/** Delivery through an SMTP server (SMTP_URL): smtp://user:pass@host:587 (STARTTLS) or smtps:// (TLS). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * The embedded default: no mail server, so the whole message, its links included, goes to the server's log, where
 * the person running the product reads it (to confirm a local sign-up, say). The admin console shows the message
 * as logged, with those links hidden.
 */
export function createLogTransport(logger: Logger): MailTransport {
  return {
    logOnly: true,
    async send(message) {
      logger.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'e-mail logged, not sent (no SMTP_URL)');
    },
  };
}
