import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { establishmentProfileSchema, type EstablishmentProfile, type EstablishmentProfileInput } from '../../../shared/api/account.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AccountCard } from './account-card.tsx';
import { useSaveEstablishment } from './use-save-establishment.ts';

export const ESTABLISHMENT_SAVED = 'Établissement enregistré';

const toForm = (profile: EstablishmentProfile): EstablishmentProfileInput => ({
  restaurantName: profile.restaurantName,
  address: profile.address ?? '',
  postalCode: profile.postalCode ?? '',
  city: profile.city ?? '',
  phone: profile.phone ?? '',
});

/** « Établissement » (issue 15): the name, address and phone shown on the public menu and the printed documents. */
export function EstablishmentCard({ profile }: { profile: EstablishmentProfile }) {
  const save = useSaveEstablishment();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EstablishmentProfileInput, unknown, EstablishmentProfile>({
    resolver: zodResolver(establishmentProfileSchema),
    defaultValues: toForm(profile),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        // The form shows what is stored: « +33 1 … » comes back as « 01 … ».
        form.reset(toForm(saved));
        toast.success(ESTABLISHMENT_SAVED);
      },
      onError: (error) =>
        setFormError(applyServerError(form.setError, error, { restaurantName: 'restaurantName', address: 'address', postalCode: 'postalCode', city: 'city', phone: 'phone' })),
    });
  });
  return (
    <AccountCard title="Établissement" description="Le nom, l’adresse et le téléphone affichés sur vos menus publics et vos documents imprimés.">
      <form noValidate className="max-w-md space-y-3" onSubmit={submit} aria-label="Établissement">
        <Field label="Nom de l’établissement" autoComplete="organization" error={errors.restaurantName?.message} {...form.register('restaurantName')} />
        <Field label="Adresse (optionnel)" autoComplete="street-address" placeholder="12 rue des Halles" error={errors.address?.message} {...form.register('address')} />
        <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
          <Field label="Code postal" autoComplete="postal-code" inputMode="numeric" placeholder="75001" error={errors.postalCode?.message} {...form.register('postalCode')} />
          <Field label="Ville" autoComplete="address-level2" placeholder="Paris" error={errors.city?.message} {...form.register('city')} />
        </div>
        <Field
          label="Téléphone (optionnel)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="01 23 45 67 89"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <FormAlert message={formError} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement...' : 'Enregistrer l’établissement'}
        </Button>
      </form>
    </AccountCard>
  );
}
