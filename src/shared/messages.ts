/**
 * French texts shared by the server and the web app (docs/product/spec.md sections 5 and 8), one
 * module per section under ./messages/: a page imports the sections it shows, and the base every
 * page loads holds only `generic` and `guard` (the 120 kB of first-load JavaScript,
 * docs/decisions/0041-first-load-javascript.md).
 */
import { genericMessages } from './messages/generic.ts';
import { authMessages } from './messages/auth.ts';
import { accountMessages } from './messages/account.ts';
import { numbersMessages } from './messages/numbers.ts';
import { constraintsMessages } from './messages/constraints.ts';
import { limitsMessages } from './messages/limits.ts';
import { guardMessages } from './messages/guard.ts';

export const messages = {
  generic: genericMessages,
  auth: authMessages,
  account: accountMessages,
  numbers: numbersMessages,
  constraints: constraintsMessages,
  limits: limitsMessages,
  guard: guardMessages,
} as const;
