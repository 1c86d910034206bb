import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { z } from '../../../shared/zod-fr.ts';
import { ALLERGEN_NAMES } from '../../../shared/allergens.ts';
import { DIET_LABELS } from '../../../shared/diets.ts';
import { itemPriceRule, menuMessages } from '../../../shared/api/menus.ts';
import { requiredNumberText } from '../../../shared/number-rules.ts';
import { FormButtons } from '../../components/ui/form-buttons.tsx';
import { DecimalField } from '../../components/ui/decimal-field.tsx';
import { Field, TextAreaField } from '../../components/ui/field.tsx';
import { useFormErrorToastFollows } from '../../lib/form-error-toast.ts';
import { useAddOwnItem } from './api.ts';
import { showSaveError } from './show-save-error.ts';

const ownItemFormSchema = z.object({
  name: z.string().trim().min(1, menuMessages.itemNameRequired).max(200, menuMessages.nameTooLong),
  price: requiredNumberText({
    ...itemPriceRule,
    messages: { ...itemPriceRule.messages, invalid: menuMessages.itemPriceRequired },
  }),
  description: z.string().trim().max(2000, menuMessages.descriptionTooLong),
  allergens: z.array(z.string()),
  dietaryInfo: z.array(z.string()),
  allergensDeclared: z.boolean(),
});
type OwnValues = z.input<typeof ownItemFormSchema>;
type OwnOutput = z.output<typeof ownItemFormSchema>;

function Choices({
  legend,
  values,
  register,
}: {
  legend: string;
  values: readonly string[];
  register: UseFormRegisterReturn;
}) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {values.map((value) => (
          <label key={value} className="inline-flex items-center gap-1.5 text-sm">
            <input type="checkbox" value={value} className="h-4 w-4 accent-brand-700" {...register} />
            {value}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * An item without a recipe (« Café », « Côtes du Rhône, le verre ») added to a section
 * (docs/product/decisions.md 18): its name, price, description, and its own allergen lists
 * and diet labels, since no recipe provides them.
 */
export function OwnItemForm({ menuId, sectionId, onDone }: { menuId: string; sectionId: string; onDone: () => void }) {
  const add = useAddOwnItem(menuId);
  const form = useForm<OwnValues, unknown, OwnOutput>({
    resolver: zodResolver(ownItemFormSchema),
    defaultValues: { name: '', price: '', description: '', allergens: [], dietaryInfo: [], allergensDeclared: false },
  });
  const toastKey = `own-item:${sectionId}`;
  const submit = form.handleSubmit((input) =>
    add.mutate(
      { sectionId, input },
      {
        onSuccess: () => {
          toast.success('Élément ajouté');
          onDone();
        },
        onError: (error) =>
          showSaveError(error, form, ['name', 'price', 'description'], 'Erreur lors de l’ajout', toastKey),
      },
    ),
  );
  const { errors } = form.formState;
  useFormErrorToastFollows(toastKey, Object.keys(errors).length > 0);
  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-brand-600 bg-white p-3"
      aria-label="Ajouter un élément sans recette"
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <Field
          label="Nom de l’élément"
          placeholder="Ex. : Café"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <DecimalField
          control={form.control}
          name="price"
          label="Prix (€)"
          placeholder="Ex. : 2,50"
          maxDigits={2}
          minDigits={2}
        />
      </div>
      <TextAreaField
        label="Description"
        id={`own-item-description-${sectionId}`}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Choices legend="Allergènes" values={ALLERGEN_NAMES} register={form.register('allergens')} />
      <label className="inline-flex items-center gap-2 text-sm font-medium text-stone-800">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" {...form.register('allergensDeclared')} />
        Je confirme la liste des allergènes
      </label>
      <Choices legend="Régimes alimentaires" values={DIET_LABELS} register={form.register('dietaryInfo')} />
      <FormButtons submitLabel="Ajouter" pending={add.isPending} onCancel={onDone} size="sm" />
    </form>
  );
}
