import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { invitationCreateSchema, type InvitationCreateInput } from '../../../shared/api/organisations.ts';
import { ROLE_DESCRIPTIONS, type MemberRole } from '../../../shared/permissions.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { useInvite } from './api.ts';
import { ROLE_OPTIONS } from './role-options.ts';

/**
 * « Inviter un membre »: an address and a role; the link goes by e-mail
 * (docs/product/organisations.md « Invitations »). A refusal of the plan (403 `plan_limit`)
 * is told by `onPlanLimit`, the page then shows the upgrade path.
 */
export function InviteForm({ onPlanLimit }: { onPlanLimit: () => void }) {
  const invite = useInvite();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InvitationCreateInput>({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: { email: '', role: 'editor' },
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' }) as MemberRole;
  const submit = form.handleSubmit((input) => {
    setFormError(null);
    invite.mutate(input, {
      onSuccess: (sent) => {
        form.reset({ email: '', role: input.role });
        toast.success(`Invitation envoyée à ${sent.email}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'plan_limit') return onPlanLimit();
        setFormError(applyServerError(form.setError, error, { email: 'email', role: 'role' }));
      },
    });
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="Inviter un membre">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          inputMode="email"
          placeholder="prenom@restaurant.fr"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField label="Rôle" options={ROLE_OPTIONS} error={errors.role?.message} {...form.register('role')} />
      </div>
      <p className="text-sm text-stone-600" data-testid="role-description">
        {ROLE_DESCRIPTIONS[role] ?? ''}
      </p>
      <FormAlert message={formError} />
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Envoi...' : 'Envoyer l’invitation'}
      </Button>
    </form>
  );
}
