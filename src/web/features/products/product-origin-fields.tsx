import { useWatch, type UseFormReturn } from 'react-hook-form';
import { MEAT_KIND_LABELS, MEAT_KINDS } from '../../../shared/api/products.ts';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import type { ProductFormOutput, ProductFormValues } from './product-form-schema.ts';

const MODES = [
  { value: 'country', label: 'Un seul pays' },
  { value: 'stages', label: 'Un pays par étape' },
] as const;

/**
 * The product's meat and origin. For a meat, the origin says what décret 2002-1465 (2025) asks
 * diners be told (docs/decisions/0023-costs-import-export.md « Meat origins from products »):
 * one country where the animal was born, reared and slaughtered, or a country per stage.
 */
export function ProductOriginFields({ form }: { form: UseFormReturn<ProductFormValues, unknown, ProductFormOutput> }) {
  const { errors } = form.formState;
  const [meatKind, mode] = useWatch({ control: form.control, name: ['meatKind', 'originMode'] });
  const stages = meatKind !== '' && mode === 'stages';
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Viande et origine</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Viande"
          options={[
            { value: '', label: 'Pas de viande' },
            ...MEAT_KINDS.map((kind) => ({ value: kind, label: MEAT_KIND_LABELS[kind] })),
          ]}
          {...form.register('meatKind')}
        />
        {!stages && (
          <Field
            label={meatKind === '' ? 'Origine (pays, optionnel)' : 'Pays d’origine (né, élevé et abattu)'}
            hint="Le nom du pays, par exemple France ; laissé vide : origine non renseignée."
            error={errors.origin?.message}
            {...form.register('origin')}
          />
        )}
      </div>
      {meatKind !== '' && (
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Origine de la viande">
          {MODES.map(({ value, label }) => (
            <label
              key={value}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={value} className="accent-brand-700" {...form.register('originMode')} />
              {label}
            </label>
          ))}
        </div>
      )}
      {stages && (
        <div className="grid gap-3 sm:grid-cols-3">
          {meatKind === 'bovine' && (
            <Field
              label="Pays de naissance"
              hint="Par exemple Irlande"
              error={errors.born?.message}
              {...form.register('born')}
            />
          )}
          <Field
            label="Pays d’élevage"
            hint="Par exemple France"
            error={errors.reared?.message}
            {...form.register('reared')}
          />
          <Field
            label="Pays d’abattage"
            hint="Par exemple France"
            error={errors.slaughtered?.message}
            {...form.register('slaughtered')}
          />
        </div>
      )}
      {meatKind !== '' && (
        <p className="text-xs text-stone-600">
          Sans origine déclarée sur la recette, vos clients lisent celle-ci quand tous les produits de cette viande
          s’accordent.
        </p>
      )}
    </fieldset>
  );
}
