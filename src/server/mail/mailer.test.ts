import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../lib/logger.ts';
import { createLogMailer } from './mailer.ts';

function recordingLogger() {
  const lines: { level: string; message: string; data?: unknown }[] = [];
  const at = (level: string) => (message: string, data?: unknown) => void lines.push({ level, message, data });
  return {
    logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } as unknown as Logger,
    lines,
  };
}

const RESET = {
  to: 'chef@example.fr',
  subject: 'Réinitialisez votre mot de passe – NutriCarte',
  text: 'Ouvrez http://localhost/api/auth/reset-password/SECRET-TOKEN',
};

describe('the log mailer (no SMTP_URL)', () => {
  it('in development, logs the whole message and appends it to the dev mailbox file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mailbox-'));
    try {
      const file = path.join(dir, 'dev-mailbox.jsonl');
      const { logger, lines } = recordingLogger();
      const mailer = createLogMailer(logger, [], { file });
      await mailer.send(RESET);
      await mailer.send({ ...RESET, to: 'autre@example.fr' });
      expect(JSON.stringify(lines)).toContain('SECRET-TOKEN');
      const stored = (await readFile(file, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(stored).toEqual([
        { sentAt: expect.any(String), ...RESET },
        { sentAt: expect.any(String), ...RESET, to: 'autre@example.fr' },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('in production, never logs the text (a reset link would open the account) and writes no file', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createLogMailer(logger, [], { redact: true });
    await mailer.send(RESET);
    expect(lines).toEqual([
      { level: 'warn', message: 'mail not sent: SMTP_URL is not set', data: { to: RESET.to, subject: RESET.subject } },
    ]);
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN');
  });
});
