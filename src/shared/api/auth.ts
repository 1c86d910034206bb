import { hasControlCharacter } from '../control-characters.ts';
import { z } from '../zod-fr.ts';
import { messages } from '../messages.ts';

const m = messages.auth;

export const DEFAULT_RESTAURANT_NAME = 'Mon Restaurant';
/** Signing in: SPEC's minimum, which existing accounts keep (DECISIONS 21). */
const PASSWORD_MIN_LENGTH = 6;
/** A new or changed password (DECISIONS 21); the server also refuses the 10,000 most common. */
export const NEW_PASSWORD_MIN_LENGTH = 8;
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

/** A password being chosen: sign-up, reset, change (the common-password check is the server's). */
const newPassword = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(NEW_PASSWORD_MIN_LENGTH, m.newPasswordTooShort)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong);

export const signInSchema = z.object({ email, password });

export const signUpSchema = z.object({
  email,
  password: newPassword,
  name: z
    .string()
    .trim()
    .max(120)
    .refine((value) => !hasControlCharacter(value), m.nameControl)
    .optional(),
  restaurantName: z
    .string()
    .trim()
    .max(120, m.restaurantNameTooLong)
    .refine((value) => !hasControlCharacter(value), m.nameControl)
    .optional(),
});
/** The /auth form signing in: its fields, with the password rule of sign-in (an account may keep 6 characters). */
export const signInFormSchema = signUpSchema.extend({ password });
export type SignUpInput = z.infer<typeof signUpSchema>;

// docs/decisions/0006-accounts-and-data-rights.md: password reset, « Mon compte », two-factor
// sign-in, account deletion.
const a = messages.account;

/** The page the reset e-mail's link lands on (`?token=…`, or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PATH = '/reset-password';
/** Where the link confirming a new e-mail address lands. */
export const ACCOUNT_PATH = '/account';

/** The current password, when it only has to be typed (not checked for length). */
const currentPassword = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong);

/** POST /api/auth/request-password-reset (the same answer whether or not the e-mail exists). */
export const requestPasswordResetSchema = z.object({ email });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;

/** POST /api/auth/reset-password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: a.resetInvalidToken }).min(1, a.resetInvalidToken).max(200, a.resetInvalidToken),
  newPassword,
});

/** POST /api/auth/change-password (other sessions are signed out unless told otherwise). */
export const changePasswordSchema = z
  .object({ currentPassword, newPassword, revokeOtherSessions: z.boolean().default(true) })
  .refine((v) => v.currentPassword !== v.newPassword, { message: a.newPasswordSame, path: ['newPassword'] });

/** POST /api/auth/change-email. */
export const changeEmailSchema = z.object({ newEmail: email });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** A password typed again to confirm a sensitive action (two-factor on/off, backup codes, deletion). */
export const passwordConfirmSchema = z.object({ password: currentPassword });
export type PasswordConfirmInput = z.infer<typeof passwordConfirmSchema>;

/** DELETE /api/account. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: a.deleteConfirmRequired })
    .min(1, a.deleteConfirmRequired)
    .max(PASSWORD_MAX_LENGTH, m.passwordTooLong),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** A 6-digit code from an authenticator app (spaces allowed as typed). */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: a.twoFactorInvalidCode })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, a.twoFactorInvalidCode)),
  trustDevice: z.boolean().optional(),
});
export type TotpCodeInput = z.input<typeof totpCodeSchema>;

/** A backup code (as better-auth prints them: 10 characters with a dash). */
export const backupCodeSchema = z.object({
  code: z
    .string({ error: a.twoFactorInvalidCode })
    .trim()
    .min(4, a.twoFactorInvalidCode)
    .max(40, a.twoFactorInvalidCode),
  trustDevice: z.boolean().optional(),
});
