import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { DishTranslations } from '../../../shared/diner/translations.ts';
import { TranslationFields } from '../../components/translation-fields.tsx';
import { DraftBanner } from '../../components/draft-banner.tsx';
import { useFormDraft } from '../../lib/saved-drafts.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { z } from '../../../shared/zod-fr.ts';
import { formuleInputSchema, formulePriceRule, type Formule } from '../../../shared/api/formules.ts';
import type { MenuSection } from '../../../shared/api/menus.ts';
import { requiredNumberText } from '../../../shared/number-rules.ts';
import { decimalText } from '../../../shared/decimal.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormButtons } from '../../components/ui/form-buttons.tsx';
import { DecimalField } from '../../components/ui/decimal-field.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFormErrorToastFollows } from '../../lib/form-error-toast.ts';
import { formuleDraftId, fetchFormule, useSaveFormule } from './formules-api.ts';
import { ConflictNotice } from '../../components/conflict-notice.tsx';
import { useVersionedForm } from '../../lib/versions.ts';
import { formatEuros } from '../../lib/format.ts';
import { showSaveError } from './show-save-error.ts';

const formSchema = z.object({ name: formuleInputSchema.shape.name, price: requiredNumberText(formulePriceRule) });
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** The alternatives' problems, by the API's field names (`choices`, `choices.1`…), from the shared schema. */
function choiceErrors(choices: string[][], serverErrors: Record<string, string>): Record<string, string> {
  const parsed = formuleInputSchema.shape.choices.safeParse(choices);
  const errors: Record<string, string> = { ...serverErrors };
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[['choices', ...issue.path.slice(0, 1)].join('.')] ??= issue.message;
  return errors;
}

/**
 * A formule's name, price and alternatives (src/shared/api/formules.ts): each alternative is
 * a set of the menu's sections, ticked in a fieldset, kept in the menu's section order.
 */
export function FormuleForm({
  menuId,
  sections,
  formule,
  onDone,
  resumeDraft = false,
}: {
  menuId: string;
  sections: readonly MenuSection[];
  formule: Formule | null;
  onDone: () => void;
  /** The owner asked for this form's draft: it is put back at once. */
  resumeDraft?: boolean;
}) {
  const save = useSaveFormule(menuId);
  const { conflict, version, setVersion, formRef, keepMine } = useVersionedForm<Formule, FormValues>(formule?.version);
  const sectionNames = (ids: readonly string[]) => order(ids).map((id) => sections.find((s) => s.id === id)!.name);
  const describe = (f: Formule) => ({
    Nom: f.name,
    Prix: formatEuros(f.price),
    Combinaisons: f.choices.map((c) => sectionNames(c).join(' + ')).join(' ou '),
  });
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: formule?.name ?? '', price: formule ? decimalText(formule.price, 2, 2) : '' },
  });
  const [choices, setChoices] = useState<string[][]>(formule?.choices.length ? formule.choices : [[]]);
  const [translations, setTranslations] = useState<DishTranslations>(formule?.translations ?? {});
  // The form as typed, kept in this browser until it is saved (src/web/lib/saved-drafts.ts).
  const values = useWatch({ control: form.control }) as FormValues;
  const draftValue = { values, choices, translations };
  const [initialDraft] = useState(() => draftValue);
  const draft = useFormDraft({
    form: 'formule',
    id: formuleDraftId(menuId, formule),
    value: draftValue,
    initial: initialDraft,
    title: values.name || formule?.name || 'Nouvelle formule',
    resumeAtOnce: resumeDraft,
    restore: (saved) => {
      form.reset(saved.values, { keepDefaultValues: true });
      setChoices(saved.choices);
      setTranslations(saved.translations);
    },
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = submitted ? choiceErrors(choices, serverErrors) : serverErrors;
  const toastKey = `formule:${formule?.id ?? 'new'}`;
  useFormErrorToastFollows(toastKey, Object.keys(form.formState.errors).length > 0);

  const order = (ids: readonly string[]) => sections.filter((s) => ids.includes(s.id)).map((s) => s.id);
  const toggle = (index: number, sectionId: string, on: boolean) => {
    setServerErrors({});
    setChoices((all) =>
      all.map((c, i) => (i === index ? order(on ? [...c, sectionId] : c.filter((id) => id !== sectionId)) : c)),
    );
  };

  const submit = form.handleSubmit(
    ({ name, price }) => {
      setSubmitted(true);
      if (Object.keys(choiceErrors(choices, {})).length > 0) return;
      conflict.clear();
      save.mutate(
        { id: formule?.id, input: { name, price, choices, translations, version } },
        {
          onSuccess: () => {
            toast.success(formule ? 'Formule enregistrée' : 'Formule ajoutée');
            draft.saved();
            onDone();
          },
          onError: (error) => {
            if (
              formule &&
              conflict.caught(error, {
                base: formule,
                mine: { name, price: String(price) },
                load: () => fetchFormule(menuId, formule.id),
              })
            )
              return;
            if (error instanceof ApiError && error.code === 'validation')
              setServerErrors(
                Object.fromEntries(Object.entries(error.fields).filter(([f]) => f.startsWith('choices'))),
              );
            showSaveError(error, form, ['name', 'price'], 'Erreur lors de l’enregistrement de la formule', toastKey);
          },
        },
      );
    },
    () => setSubmitted(true),
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-stone-200 bg-stone-50 p-4"
      aria-label={formule ? `Modifier ${formule.name}` : 'Nouvelle formule'}
    >
      <DraftBanner draft={draft} what={formule ? `« ${formule.name} »` : 'cette nouvelle formule'} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <Field
          label="Nom"
          placeholder="Ex. : Formule déjeuner"
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <DecimalField
          control={form.control}
          name="price"
          label="Prix (€)"
          placeholder="Ex. : 18,50"
          maxDigits={2}
          minDigits={2}
        />
      </div>
      <div className="space-y-3">
        <p className="text-sm text-stone-600">
          Cochez les sections servies ensemble pour ce prix, une combinaison par possibilité (« Entrée + Plat » ou
          « Plat + Dessert »).
        </p>
        {choices.map((choice, index) => {
          const error = Object.entries(errors).find(
            ([field]) => field === `choices.${index}` || field.startsWith(`choices.${index}.`),
          )?.[1];
          return (
            <fieldset
              key={index}
              className="rounded-lg border border-stone-200 bg-white p-3"
              aria-describedby={error ? `formule-choice-${index}-error` : undefined}
            >
              <legend className="px-1 text-sm font-medium text-stone-800">
                {index === 0 ? 'Combinaison' : `ou combinaison ${index + 1}`}
              </legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {sections.map((section) => (
                  <label key={section.id} className="inline-flex min-h-9 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={choice.includes(section.id)}
                      onChange={(event) => toggle(index, section.id, event.target.checked)}
                    />
                    {section.name}
                  </label>
                ))}
              </div>
              {error && (
                <p id={`formule-choice-${index}-error`} className="mt-2 text-sm text-red-700">
                  {error}
                </p>
              )}
              {choices.length > 1 && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="mt-2"
                  onClick={() => setChoices((all) => all.filter((_, i) => i !== index))}
                >
                  Retirer cette combinaison
                </Button>
              )}
            </fieldset>
          );
        })}
        {errors.choices && <p className="text-sm text-red-700">{errors.choices}</p>}
        {choices.length < 6 && (
          <Button size="sm" variant="secondary" onClick={() => setChoices((all) => [...all, []])}>
            Ajouter une combinaison
          </Button>
        )}
      </div>
      <TranslationFields
        idPrefix={`formule-translation-${formule?.id ?? 'new'}`}
        value={translations}
        onChange={setTranslations}
        withDescription={false}
      />
      <ConflictNotice
        conflict={conflict}
        describe={describe}
        busy={save.isPending}
        onReload={(saved) => {
          form.reset({ name: saved.name, price: decimalText(saved.price, 2, 2) });
          setChoices(saved.choices.length ? saved.choices : [[]]);
          setTranslations(saved.translations ?? {});
          setVersion(saved.version);
        }}
        onKeepMine={(_typed, saved) => keepMine(saved)}
      />
      <FormButtons
        submitLabel={formule ? 'Enregistrer' : 'Ajouter la formule'}
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
