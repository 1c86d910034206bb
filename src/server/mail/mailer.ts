import { appendFile } from 'node:fs/promises';
import { loadedOnFirstUse } from '../../shared/lazy.ts';
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

/** The dev mailbox on disk: one JSON message a line, in DATA_DIR (read it with `tail`). */
export const DEV_MAILBOX_FILE = 'dev-mailbox.jsonl';

/**
 * Without SMTP_URL: messages go to the log and stay in a dev mailbox (newest last), in
 * memory and, given a file, appended to it (`{sentAt, to, subject, text}` a line).
 * `redact` (production): only the recipient and subject are logged, never the text, which
 * may hold a password-reset link; no file is written.
 */
export function createLogMailer(
  logger: Logger,
  mailbox: MailMessage[] = [],
  options: { file?: string; redact?: boolean } = {},
): Mailer & { mailbox: MailMessage[] } {
  return {
    kind: 'log',
    mailbox,
    async send(message) {
      mailbox.push(message);
      if (mailbox.length > 100) mailbox.shift();
      if (options.redact) {
        logger.warn('mail not sent: SMTP_URL is not set', { to: message.to, subject: message.subject });
        return;
      }
      logger.info('mail (not sent: SMTP_URL is not set)', {
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      if (options.file) {
        const line = JSON.stringify({ sentAt: new Date().toISOString(), ...message });
        await appendFile(options.file, `${line}\n`).catch((error: unknown) =>
          logger.warn('dev mailbox: could not write', { file: options.file, error: String(error) }),
        );
      }
    },
  };
}

/** nodemailer is loaded with the first e-mail, not at start (docs/decisions/0031 « Start »). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const open = loadedOnFirstUse(async () => (await import('nodemailer')).default.createTransport(smtpUrl));
  return {
    kind: 'smtp',
    async send(message) {
      await (await open()).sendMail({ from, ...message });
    },
  };
}
