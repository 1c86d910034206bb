import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
}

/** Without SMTP_URL: messages go to the log and stay in a dev mailbox (newest last). */
export function createLogMailer(logger: Logger, mailbox: MailMessage[] = []): Mailer & { mailbox: MailMessage[] } {
  return {
    kind: 'log',
    mailbox,
    async send(message) {
      mailbox.push(message);
      if (mailbox.length > 100) mailbox.shift();
      logger.info('mail (not sent: SMTP_URL is not set)', { to: message.to, subject: message.subject, text: message.text });
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
