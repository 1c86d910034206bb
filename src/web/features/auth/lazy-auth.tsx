import { Suspense, type ComponentType, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { Spinner } from '../../components/ui/card.tsx';
import { AuthFormStandIn } from './auth-fields.tsx';
import { ResetPasswordStandIn } from './reset-password-fields.tsx';

/**
 * The forms of the signed-out pages, each loaded apart from its page with react-hook-form and
 * zod (38 kB gzip between them), so /auth, /reset-password and /invitation paint within issue
 * 20's first-load budget (docs/decisions/0041-first-load-javascript.md).
 */
const authForm = lazyComponent(
  () => import('./auth-form.tsx'),
  (m) => m.AuthForm,
);
const forgotPasswordForm = lazyComponent(
  () => import('./forgot-password-form.tsx'),
  (m) => m.ForgotPasswordForm,
);
const twoFactorStep = lazyComponent(
  () => import('./two-factor-step.tsx'),
  (m) => m.TwoFactorStep,
);
const resetPasswordForm = lazyComponent(
  () => import('./reset-password-form.tsx'),
  (m) => m.ResetPasswordForm,
);

/** Fetches the code of the forms once the page has painted, so a click finds them there. */
export function usePreloadAuthForms() {
  authForm.usePreload();
  forgotPasswordForm.usePreload();
  twoFactorStep.usePreload();
}

/** `Lazy` with what stands in while its code loads. */
function withFallback<P extends object>(Lazy: ComponentType<P>, fallback: (props: P) => ReactNode) {
  return function Suspended(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

const loading = () => <Spinner label="Chargement..." />;

/** Sign-in and sign-up; its stand-in draws the same live fields until the code is in. */
export const AuthForm = withFallback(authForm.Component, (props) => <AuthFormStandIn {...props} />);
export const ForgotPasswordForm = withFallback(forgotPasswordForm.Component, loading);
export const TwoFactorStep = withFallback(twoFactorStep.Component, loading);
/** The new password of /reset-password, with the same live fields until its code is in. */
export const ResetPasswordForm = withFallback(resetPasswordForm.Component, () => <ResetPasswordStandIn />);
