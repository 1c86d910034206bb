import { useState, type ComponentType } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import {
  PRICE_UNIT_LABELS,
  PRICE_UNITS,
  PRODUCT_NUTRIENT_LABELS,
  PRODUCT_NUTRIENTS,
  type Product,
  type ProductInput,
  type ProductLabel,
} from '../../../shared/api/products.ts';
import type { IngredientHit } from '../../../shared/api/recipes.ts';
import { AllergenChips } from '../../components/allergen-chips.tsx';
import { FormButtons } from '../../components/ui/form-buttons.tsx';
import { DecimalField } from '../../components/ui/decimal-field.tsx';
import { Field, TextAreaField } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { applyServerError } from '../../lib/form-errors.ts';
import { fetchProduct, useSaveProduct } from './api.ts';
import { describeProduct } from './describe-product.ts';
import { ConflictNotice } from '../../components/conflict-notice.tsx';
import { useVersionedForm } from '../../lib/versions.ts';
import { ProductLabels } from './product-labels.tsx';
import { useFormDraft } from '../../lib/saved-drafts.ts';
import { DraftBanner } from '../../components/draft-banner.tsx';
import { ProductOriginFields } from './product-origin-fields.tsx';
import {
  nutrientsFromCiqual,
  productFormDefaults,
  productFormSchema,
  toProductInput,
  type ProductFormOutput,
  type ProductFormValues,
} from './product-form-schema.ts';

/** The ingredient search, given by the page (features do not import each other, docs/decisions/0014). */
export type CiqualPicker = ComponentType<{ onSelect: (hit: IngredientHit) => void }>;

const SERVER_FIELDS: Record<string, string> = {
  name: 'name',
  supplier: 'supplier',
  origin: 'origin',
  'originStages.born': 'born',
  'originStages.reared': 'reared',
  'originStages.slaughtered': 'slaughtered',
  'price.amount': 'priceAmount',
  gramsPerUnit: 'gramsPerUnit',
  'pack.quantity': 'packQuantity',
  labelIngredients: 'labelIngredients',
  ...Object.fromEntries(PRODUCT_NUTRIENTS.map((key) => [`per100g.${key}`, `per100g.${key}`])),
};

const MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

/** « Nouveau produit » / « Modifier le produit » (docs/product/products.md): a supplier's label, typed in. */
export function ProductForm({
  product,
  onDone,
  onReload,
  CiqualSearch,
  resumeDraft = false,
}: {
  product: Product | null;
  onDone: () => void;
  /** Opens the form again on the saved version (« Recharger » after a conflict). */
  onReload?: (saved: Product) => void;
  CiqualSearch: CiqualPicker;
  /** The owner asked for this form's draft from the list: it is put back at once. */
  resumeDraft?: boolean;
}) {
  const save = useSaveProduct();
  const { conflict, version, formRef, keepMine } = useVersionedForm<Product, ProductInput>(product?.version);
  const [formError, setFormError] = useState<string | null>(null);
  const [allergens, setAllergens] = useState({ contains: product?.allergens ?? [], traces: product?.traces ?? [] });
  const [labels, setLabels] = useState<ProductLabel[]>(product?.labels ?? []);
  const [months, setMonths] = useState<number[]>(product?.seasonMonths ?? []);
  const [basedOn, setBasedOn] = useState<string | null>(null);
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormDefaults(product),
  });
  const { errors } = form.formState;
  const pricePer = useWatch({ control: form.control, name: 'pricePer' });
  // The whole form as typed, kept in this browser until it is saved (src/web/lib/saved-drafts.ts).
  const values = useWatch({ control: form.control }) as ProductFormValues;
  const draftValue = { values, allergens, labels, basedOn };
  const [initialDraft] = useState(() => draftValue);
  const draft = useFormDraft({
    form: 'produit',
    id: product?.id ?? null,
    value: draftValue,
    initial: initialDraft,
    title: values.name || product?.name || 'Nouveau produit',
    resumeAtOnce: resumeDraft,
    restore: (saved) => {
      form.reset(saved.values, { keepDefaultValues: true });
      setAllergens(saved.allergens);
      setLabels(saved.labels);
      setBasedOn(saved.basedOn);
    },
  });

  const prefill = (hit: IngredientHit) => {
    form.setValue('per100g', nutrientsFromCiqual(hit.per100g), { shouldDirty: true });
    form.setValue('basedOnCode', hit.kind === 'ciqual' ? hit.code : null);
    setBasedOn(hit.name);
  };

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    const input = toProductInput(values, {
      allergens: allergens.contains,
      traces: allergens.traces,
      labels,
      seasonMonths: months,
    });
    conflict.clear();
    save.mutate(
      { id: product?.id, input: { ...input, version } },
      {
        onSuccess: () => {
          toast.success(product ? 'Produit enregistré' : 'Produit créé');
          draft.saved();
          onDone();
        },
        onError: (error) => {
          if (product && conflict.caught(error, { base: product, mine: input, load: () => fetchProduct(product.id) }))
            return;
          setFormError(applyServerError(form.setError, error, SERVER_FIELDS as never));
        },
      },
    );
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="space-y-5"
      aria-label={product ? 'Modifier le produit' : 'Nouveau produit'}
    >
      <DraftBanner draft={draft} what={product ? `« ${product.name} »` : 'ce nouveau produit'} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Nom du produit"
          placeholder="Pâte feuilletée pur beurre"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Field
          label="Fournisseur (optionnel)"
          placeholder="Grossiste"
          error={errors.supplier?.message}
          {...form.register('supplier')}
        />
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-stone-800">
          Valeurs nutritionnelles pour 100 g, comme sur l’étiquette
        </legend>
        <div className="space-y-1">
          <p className="text-xs text-stone-600">
            À partir d’un aliment Ciqual : les valeurs sont reprises, corrigez-les d’après l’étiquette.
          </p>
          <CiqualSearch onSelect={prefill} />
          {basedOn && <p className="text-xs text-brand-800">Valeurs reprises de : {basedOn}</p>}
        </div>
        <p className="text-xs text-stone-600">Une case vide veut dire « non renseigné », jamais 0.</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {PRODUCT_NUTRIENTS.map((key) => (
            <DecimalField
              key={key}
              control={form.control}
              name={`per100g.${key}`}
              label={PRODUCT_NUTRIENT_LABELS[key]}
              maxDigits={key.startsWith('energy') ? 1 : 2}
            />
          ))}
        </div>
      </fieldset>

      <AllergenChips
        contains={allergens.contains}
        traces={allergens.traces}
        onChange={setAllergens}
        listLabel="Allergènes du produit"
      />

      <TextAreaField
        label="Ingrédients (comme sur l’étiquette du produit, facultatif)"
        placeholder="farine de blé, beurre concentré (14 %), eau, sel"
        rows={3}
        maxLength={2000}
        error={errors.labelIngredients?.message}
        {...form.register('labelIngredients')}
      />
      <p className="-mt-2 text-xs text-stone-500">
        Les étiquettes de vos recettes citent ce produit avec cette liste entre parenthèses, ses allergènes en gras.
      </p>

      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-stone-800">Prix d’achat HT</legend>
        <DecimalField control={form.control} name="priceAmount" label="Prix (€ HT)" maxDigits={2} minDigits={2} />
        <SelectField
          label="Par"
          options={PRICE_UNITS.map((unit) => ({ value: unit, label: PRICE_UNIT_LABELS[unit] }))}
          {...form.register('pricePer')}
        />
        <DecimalField
          control={form.control}
          name="gramsPerUnit"
          label={pricePer === 'unité' ? 'Poids d’une unité (g)' : 'Poids d’une unité (g, optionnel)'}
        />
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-stone-800">Colis (liste de commandes, optionnel)</legend>
        <DecimalField control={form.control} name="packQuantity" label="Quantité par colis" maxDigits={3} />
        <SelectField
          label="Unité du colis"
          options={PRICE_UNITS.map((unit) => ({ value: unit, label: PRICE_UNIT_LABELS[unit] }))}
          {...form.register('packUnit')}
        />
      </fieldset>

      <ProductOriginFields form={form} />

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-stone-800">Mois de saison (optionnel)</legend>
        <p className="mb-1 text-xs text-stone-600">
          Un plat dont tous les produits de saison le sont ce mois-là est affiché « de saison » aux familles.
        </p>
        <div className="flex flex-wrap gap-2">
          {MONTHS.map((label, i) => (
            <label key={label} className="flex items-center gap-1 text-xs text-stone-700">
              <input
                type="checkbox"
                checked={months.includes(i + 1)}
                onChange={(e) =>
                  setMonths(
                    e.currentTarget.checked
                      ? [...months, i + 1].sort((a, b) => a - b)
                      : months.filter((m) => m !== i + 1),
                  )
                }
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <ProductLabels value={labels} onChange={setLabels} />

      <FormAlert message={formError} />
      <ConflictNotice
        conflict={conflict}
        describe={describeProduct}
        busy={save.isPending}
        onReload={(saved) => onReload?.(saved)}
        onKeepMine={(_typed, saved) => keepMine(saved)}
      />
      <FormButtons
        submitLabel={save.isPending ? 'Enregistrement...' : product ? 'Mettre à jour' : 'Créer le produit'}
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
