import { z } from 'zod';
import { frenchTypography } from './typography.ts';

const french = z.locales.fr();

/**
 * Zod's own messages (wrong types, unknown keys, …) in French, on both sides, with French
 * typography like every other message (« Entrée invalide : … » gets its no-break space).
 */
z.config({
  localeError: (issue) => {
    const message = french.localeError(issue);
    if (typeof message === 'string') return frenchTypography(message);
    return message && { ...message, message: frenchTypography(message.message) };
  },
});

export { z };
