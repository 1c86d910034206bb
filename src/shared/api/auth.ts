import { z } from '../zod-fr.ts';
import { messages } from '../messages.ts';

const m = messages.auth;

export const DEFAULT_RESTAURANT_NAME = 'Mon Restaurant';
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }));

const password = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong);

export const signInSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  email,
  password,
  name: z.string().trim().max(120).optional(),
  restaurantName: z.string().trim().max(120, m.restaurantNameTooLong).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;
