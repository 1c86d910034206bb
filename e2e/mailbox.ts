import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** One line of the dev mailbox the server writes when SMTP_URL is not set. */
export interface DevMail {
  sentAt: string;
  to: string;
  subject: string;
  text: string;
}

export async function readMailbox(): Promise<DevMail[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  let text: string;
  try {
    text = await readFile(path.join(dataDir, 'dev-mailbox.jsonl'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // Whole lines only: the server may be writing the last one right now.
  return text
    .split('\n')
    .slice(0, -1)
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DevMail);
}

export async function mailsTo(to: string): Promise<DevMail[]> {
  return (await readMailbox()).filter((mail) => mail.to === to);
}

/** Waits for a message to `to` whose subject matches, and returns the first link in it. */
export async function waitForLink(to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(to)).filter((m) => subject.test(m.subject)).at(-1);
        link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
        return link;
      },
      { message: `a mail to ${to} matching ${subject}` },
    )
    .toBeTruthy();
  return link!;
}
