import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { changePasswordFormSchema, resetPasswordFormSchema } from './password-forms.ts';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('password forms', () => {
  it('asks for the same new password twice', () => {
    expect(resetPasswordFormSchema.safeParse({ newPassword: 'secret123', confirmPassword: 'secret123' }).success).toBe(
      true,
    );
    expect(
      issues(resetPasswordFormSchema.safeParse({ newPassword: 'secret123', confirmPassword: 'secret124' })),
    ).toEqual({
      confirmPassword: messages.account.passwordMismatch,
    });
  });

  it('asks a new password for 8 characters (DECISIONS 21)', () => {
    expect(issues(resetPasswordFormSchema.safeParse({ newPassword: 'abc1234', confirmPassword: 'abc1234' }))).toEqual({
      newPassword: messages.auth.newPasswordTooShort,
    });
  });

  it('refuses a new password equal to the current one, next to the new password', () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: 'secret123',
      newPassword: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(issues(result)).toEqual({ newPassword: messages.account.newPasswordSame });
  });
});
