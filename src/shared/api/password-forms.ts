import { z } from '../zod-fr.ts';
import { messages } from '../messages.ts';
import { changePasswordSchema, resetPasswordSchema } from './auth.ts';

const a = messages.account;

/** The new password typed a second time, in the forms only (the API takes it once). */
const confirmPassword = z.string();
const matches = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
const mismatch = { message: a.passwordMismatch, path: ['confirmPassword'] };

/** The form of /reset-password. */
export const resetPasswordFormSchema = z
  .object({ newPassword: resetPasswordSchema.shape.newPassword, confirmPassword })
  .refine(matches, mismatch);
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** « Mot de passe » on « Mon compte ». */
export const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordSchema.shape.currentPassword,
    newPassword: changePasswordSchema.shape.newPassword,
    confirmPassword,
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: a.newPasswordSame, path: ['newPassword'] })
  .refine(matches, mismatch);
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;
