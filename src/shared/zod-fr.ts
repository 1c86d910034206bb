import { z } from 'zod';

/** Zod's own messages (wrong types, unknown keys, …) in French, on both sides. */
z.config(z.locales.fr());

export { z };
