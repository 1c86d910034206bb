import { Suspense } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { AccountCard } from './account-card.tsx';
import { PASSWORD_FIELDS } from './account-fields.ts';

// The form loads once the page has painted, its disabled fields standing in (email-card.tsx).
const { Component: PasswordForm, usePreload } = lazyComponent(
  () => import('./password-form.tsx'),
  (m) => m.PasswordForm,
);

/** « Mot de passe »: the current one, the new one twice; the other devices are signed out. */
export function PasswordCard() {
  usePreload();
  const standIn = (
    <div className="max-w-md space-y-3" aria-busy="true">
      {Object.values(PASSWORD_FIELDS).map((field) => (
        <Field key={field.autoComplete + field.label} {...field} disabled />
      ))}
      <Button disabled>Modifier le mot de passe</Button>
    </div>
  );
  return (
    <AccountCard
      title="Mot de passe"
      description="Vos autres appareils seront déconnectés ; cet appareil reste connecté."
    >
      <Suspense fallback={standIn}>
        <PasswordForm />
      </Suspense>
    </AccountCard>
  );
}
