import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../lib/paths.ts';

/**
 * The 10,000 most common passwords (data/common-passwords/README.md names the source), read
 * once when the server starts, compared without case: « Password1 » is as guessable as
 * « password1 ». A new or changed password found here is refused (DECISIONS 21); signing in
 * with an existing one still works.
 */
export const commonPasswordsFile = path.join(projectRoot, 'data', 'common-passwords', 'top-10000.txt');

const common = new Set(
  readFileSync(commonPasswordsFile, 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

export const commonPasswordCount = common.size;

export function isCommonPassword(password: string): boolean {
  return common.has(password.trim().toLowerCase());
}
