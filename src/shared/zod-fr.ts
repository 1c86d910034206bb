import { z } from 'zod';
import { frenchTypography } from './typography.ts';

const french = z.locales.fr();

/**
 * Zod's own messages (wrong types, unknown keys, …) in French, on both sides, with French
 * typography like every other message (« Entrée invalide : … » gets its no-break space).
 */
z.config({
  // In a browser, no compiled parsers: the app's Content-Security-Policy (script-src 'self',
  // set in src/server/app.ts) forbids `new Function`, so zod's probe for it only logged a CSP
  // violation on every page with a form (Lighthouse best practices, « inspector-issues »), and
  // it parsed without them anyway. The server keeps them: they are faster there. e2e/axe.ts
  // fails on any CSP violation.
  jitless: typeof window !== 'undefined',
  localeError: (issue) => {
    const message = french.localeError(issue);
    if (typeof message === 'string') return frenchTypography(message);
    return message && { ...message, message: frenchTypography(message.message) };
  },
});

export { z };
