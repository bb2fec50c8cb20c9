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

/** The embedded default: no mail server, so messages are logged (and stay readable in the outbox). */
export function createLogTransport(logger: Logger): MailTransport {
  return {
    async send(message) {
      logger.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'e-mail (not sent: no SMTP_URL)');
    },
  };
}
