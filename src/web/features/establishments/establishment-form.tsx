import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useFormDraft } from '../../lib/saved-drafts.ts';
import { DraftBanner } from '../../components/draft-banner.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import {
  establishmentInputSchema,
  type Establishment,
  type EstablishmentInput,
  type EstablishmentInputParsed,
} from '../../../shared/api/organisations.ts';
import { FormButtons } from '../../components/ui/form-buttons.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { ApiError } from '../../lib/api.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { fetchEstablishment, useSaveEstablishment } from './api.ts';
import { CateringFields, cateringDefaults } from './catering-fields.tsx';
import { ConflictNotice } from '../../components/conflict-notice.tsx';
import { useVersionedForm } from '../../lib/versions.ts';

const toForm = (establishment: Establishment | null): EstablishmentInput => ({
  name: establishment?.name ?? '',
  address: establishment?.address ?? '',
  postalCode: establishment?.postalCode ?? '',
  city: establishment?.city ?? '',
  phone: establishment?.phone ?? '',
  legalName: establishment?.legalName ?? '',
  publicationDirector: establishment?.publicationDirector ?? '',
  accessibilityContact: establishment?.accessibilityContact ?? '',
  ...cateringDefaults(establishment),
});

/**
 * « Nouvel établissement » / « Modifier l’établissement »: the name, address and phone shown
 * on the public menus and printed documents of its menus (the « Établissement » card of
 * « Mon compte » in docs/decisions/0013), and its own accessibility contact, shown to diners and families
 * (docs/product/accessibility.md). A refusal of the plan is told by `onPlanLimit` (the page shows
 * the upgrade path).
 */
export function EstablishmentForm({
  establishment,
  onDone,
  onPlanLimit,
  resumeDraft = false,
}: {
  establishment: Establishment | null;
  onDone: () => void;
  onPlanLimit: () => void;
  /** The owner asked for this form's draft: it is put back at once. */
  resumeDraft?: boolean;
}) {
  const save = useSaveEstablishment();
  const { conflict, version, setVersion, formRef, keepMine } = useVersionedForm<Establishment, EstablishmentInput>(
    establishment?.version,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EstablishmentInput, unknown, EstablishmentInputParsed>({
    resolver: zodResolver(establishmentInputSchema),
    defaultValues: toForm(establishment),
  });
  const { errors } = form.formState;
  // The form as typed, kept in this browser until it is saved (src/web/lib/saved-drafts.ts).
  const values = useWatch({ control: form.control }) as EstablishmentInput;
  const [initialValues] = useState(() => values);
  const draft = useFormDraft({
    form: 'etablissement',
    id: establishment?.id ?? null,
    value: values,
    initial: initialValues,
    title: values.name || establishment?.name || 'Nouvel établissement',
    resumeAtOnce: resumeDraft,
    restore: (saved) => form.reset(saved, { keepDefaultValues: true }),
  });
  const submit = form.handleSubmit((input) => {
    setFormError(null);
    conflict.clear();
    save.mutate(
      { id: establishment?.id, input: { ...input, version } },
      {
        onSuccess: () => {
          toast.success(establishment ? 'Établissement enregistré' : 'Établissement créé');
          draft.saved();
          onDone();
        },
        onError: (error) => {
          const load = () => fetchEstablishment(establishment!.id);
          if (establishment && conflict.caught(error, { base: establishment, mine: input, load })) return;
          if (error instanceof ApiError && error.code === 'plan_limit') {
            onPlanLimit();
            onDone();
            return;
          }
          setFormError(
            applyServerError(form.setError, error, {
              name: 'name',
              address: 'address',
              postalCode: 'postalCode',
              city: 'city',
              phone: 'phone',
              legalName: 'legalName',
              publicationDirector: 'publicationDirector',
              accessibilityContact: 'accessibilityContact',
              siret: 'siret',
              ageMix: 'ageMix',
            }),
          );
        },
      },
    );
  });
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="max-w-xl space-y-3"
      aria-label={establishment ? 'Modifier l’établissement' : 'Nouvel établissement'}
    >
      <DraftBanner draft={draft} what={establishment ? `« ${establishment.name} »` : 'ce nouvel établissement'} />
      <Field
        label="Nom de l’établissement"
        autoComplete="organization"
        placeholder="Cantine Jules Ferry"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Field
        label="Adresse (optionnel)"
        autoComplete="street-address"
        placeholder="12 rue des Halles"
        error={errors.address?.message}
        {...form.register('address')}
      />
      <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
        <Field
          label="Code postal"
          autoComplete="postal-code"
          inputMode="numeric"
          placeholder="75001"
          error={errors.postalCode?.message}
          {...form.register('postalCode')}
        />
        <Field
          label="Ville"
          autoComplete="address-level2"
          placeholder="Paris"
          error={errors.city?.message}
          {...form.register('city')}
        />
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
      <Field
        label="Contact accessibilité (optionnel)"
        type="text"
        inputMode="email"
        autoComplete="off"
        placeholder="accessibilite@mairie.fr"
        hint="Un email ou une adresse web (https://…) : affiché en bas des menus publics et des menus de la semaine de cet établissement, pour qui ne parvient pas à les lire."
        error={errors.accessibilityContact?.message}
        {...form.register('accessibilityContact')}
      />
      <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
        <legend className="px-1 text-sm font-medium text-stone-800">Mentions légales de vos cartes</legend>
        <p className="text-xs text-stone-600">
          Vos clients les lisent depuis le lien « Mentions légales du restaurant » en bas de chaque carte publique.
        </p>
        <Field
          label="Raison sociale (optionnel)"
          autoComplete="organization"
          hint="Par exemple SARL Le Bistrot de Marie ; laissée vide : le nom de l’établissement."
          error={errors.legalName?.message}
          {...form.register('legalName')}
        />
        <Field
          label="SIRET (optionnel)"
          inputMode="numeric"
          hint="14 chiffres, sur votre avis de situation Insee ; repris dans votre bilan « ma cantine »."
          error={errors.siret?.message}
          {...form.register('siret')}
        />
        <Field
          label="Directeur de la publication (optionnel)"
          autoComplete="name"
          hint="La personne qui répond du contenu de la carte ; laissé vide : le représentant légal."
          error={errors.publicationDirector?.message}
          {...form.register('publicationDirector')}
        />
      </fieldset>
      <CateringFields register={form.register} errors={errors} />
      <FormAlert message={formError} />
      <ConflictNotice
        conflict={conflict}
        describe={(e: Establishment) => ({
          Nom: e.name,
          Adresse: e.address ?? '',
          'Code postal': e.postalCode ?? '',
          Ville: e.city ?? '',
          Téléphone: e.phone ?? '',
        })}
        busy={save.isPending}
        onReload={(saved) => {
          form.reset(toForm(saved));
          setVersion(saved.version);
        }}
        onKeepMine={(_typed, saved) => keepMine(saved)}
      />
      <FormButtons
        submitLabel={save.isPending ? 'Enregistrement...' : establishment ? 'Mettre à jour' : 'Créer'}
        pending={save.isPending}
        dirty={draft.dirty}
        onCancel={() => {
          draft.saved();
          onDone();
        }}
      />
    </form>
  );
}
