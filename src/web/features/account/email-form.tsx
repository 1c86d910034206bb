import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { changeEmailSchema, type ChangeEmailInput } from '../../../shared/api/auth.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert, FormNotice } from '../../components/ui/form-alert.tsx';
import { EMAIL_FIELD, EMAIL_LINK_HINT } from './account-fields.ts';
import { useChangeEmail } from './api.ts';

/**
 * The form of « Adresse email » (email-card.tsx): with mail configured the new address is used
 * once its link is opened; `linkError` says that a link came back refused (use-email-link-return.ts).
 */
export function EmailForm({
  confirmationRequired,
  linkError,
}: {
  confirmationRequired: boolean;
  linkError: string | null;
}) {
  const change = useChangeEmail();
  const [linkErrorShown, setLinkErrorShown] = useState(true);
  const [formError, setFormError] = useState<string | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailSchema), defaultValues: { newEmail: '' } });
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setLinkSentTo(null);
    change.mutate(values, {
      // An address already used by another account is a 422 on newEmail, never a success.
      onSuccess: () => {
        form.reset();
        if (confirmationRequired) setLinkSentTo(values.newEmail);
        else toast.success('Adresse email modifiée');
      },
      onError: (error) =>
        setFormError(applyServerError(form.setError, error, { newEmail: 'newEmail', email: 'newEmail' })),
    });
  });
  return (
    <form
      noValidate
      className="max-w-md space-y-3"
      onSubmit={(event) => {
        // A new attempt, even a mistyped one, makes the refused link old news.
        setLinkErrorShown(false);
        void submit(event);
      }}
    >
      {linkErrorShown && <FormAlert message={linkError} />}
      <Field
        {...EMAIL_FIELD}
        hint={confirmationRequired ? EMAIL_LINK_HINT : undefined}
        error={form.formState.errors.newEmail?.message}
        {...form.register('newEmail')}
      />
      <FormAlert message={formError} />
      {linkSentTo && (
        <FormNotice>
          Un lien de confirmation a été envoyé à <strong className="break-all">{linkSentTo}</strong>. Votre adresse sera
          modifiée quand vous l’aurez ouvert.
        </FormNotice>
      )}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Enregistrement...' : 'Modifier l’adresse'}
      </Button>
    </form>
  );
}
