import { Suspense } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { AccountCard } from './account-card.tsx';
import { EMAIL_FIELD, EMAIL_LINK_HINT } from './account-fields.ts';

// The form (react-hook-form, zod) loads once the page has painted; until then the same field
// and button stand in, disabled, so nothing moves (docs/decisions/0041).
const { Component: EmailForm, usePreload } = lazyComponent(
  () => import('./email-form.tsx'),
  (m) => m.EmailForm,
);

/**
 * « Adresse email »: with mail configured the new address is used once its link is opened;
 * `linkError` says that a link came back refused (see use-email-link-return.ts).
 */
export function EmailCard({
  email,
  confirmationRequired,
  linkError,
}: {
  email: string;
  confirmationRequired: boolean;
  linkError: string | null;
}) {
  usePreload();
  const standIn = (
    <div className="max-w-md space-y-3" aria-busy="true">
      <FormAlert message={linkError} />
      <Field {...EMAIL_FIELD} disabled hint={confirmationRequired ? EMAIL_LINK_HINT : undefined} />
      <Button disabled>Modifier l’adresse</Button>
    </div>
  );
  return (
    <AccountCard
      title="Adresse email"
      description={
        <>
          Vous vous connectez avec <strong className="break-all text-stone-900">{email}</strong>.
        </>
      }
    >
      <Suspense fallback={standIn}>
        <EmailForm confirmationRequired={confirmationRequired} linkError={linkError} />
      </Suspense>
    </AccountCard>
  );
}
