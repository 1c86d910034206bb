import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from '../../../shared/zod-fr.ts';
import type { IngredientHit, Recipe, RecipeInput } from '../../../shared/api/recipes.ts';
import { recipeInputSchema, recipeMessages } from '../../../shared/api/recipes.ts';
import { DIET_LABELS } from '../../../shared/diets.ts';
import { computeNutrition } from '../../../shared/nutrition.ts';
import { defaultGramsPerUnit } from '../../../shared/unit-weights.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, TextAreaField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { showFormErrorToast, showValidationToast, useFormErrorToastFollows } from '../../lib/form-error-toast.ts';
import { AllergenPicker } from './allergen-picker.tsx';
import { useSaveRecipe } from './api.ts';
import { IngredientLines, type DraftLine } from './ingredient-lines.tsx';
import { IngredientSearch } from './ingredient-search.tsx';
import { NutritionSummary } from './nutrition-summary.tsx';
import { AllergenSuggestions } from './allergen-suggestions.tsx';
import { NutritionDeclaration } from '../../components/nutrition-declaration.tsx';
import { suggestAllergens } from '../../../shared/allergen-rules.ts';

const optionalMinutes = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const formSchema = z.object(recipeInputSchema.shape).pick({
  name: true,
  description: true,
  servings: true,
  prepTime: true,
  cookTime: true,
  price: true,
  cookedWeightG: true,
  fruitVegLegumePercent: true,
  showNutriScore: true,
});
type FormValues = z.input<typeof formSchema>;

const RECIPE_FORM = 'recipe';
let lineCounter = 0;
const newKey = () => `line-${++lineCounter}`;

function toDraft(recipe: Recipe | null): DraftLine[] {
  return (recipe?.ingredients ?? []).map((line) => ({ ...line, key: newKey() }));
}

/** « Nouvelle recette » / « Modifier la recette » (SPEC.md « Mes Recettes »). */
export function RecipeForm({ recipe, onDone }: { recipe: Recipe | null; onDone: () => void }) {
  const save = useSaveRecipe();
  const [lines, setLines] = useState<DraftLine[]>(() => toDraft(recipe));
  const [allergens, setAllergens] = useState<string[]>(recipe?.allergens ?? []);
  const [traces, setTraces] = useState<string[]>(recipe?.traces ?? []);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const [groups, setGroups] = useState<Record<string, string | null>>({});
  const [diets, setDiets] = useState<string[]>(recipe?.dietaryInfo ?? []);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [ingredientsError, setIngredientsError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: recipe?.name ?? '',
      description: recipe?.description ?? '',
      servings: recipe?.servings ?? 1,
      prepTime: recipe?.prepTime ?? null,
      cookTime: recipe?.cookTime ?? null,
      price: recipe?.price ?? null,
      cookedWeightG: recipe?.cookedWeightG ?? null,
      fruitVegLegumePercent: recipe?.fruitVegLegumePercent ?? null,
      showNutriScore: recipe?.showNutriScore ?? false,
    },
  });
  const servings = useWatch({ control: form.control, name: 'servings' });
  const cookedWeightG = useWatch({ control: form.control, name: 'cookedWeightG' });
  const preview = useMemo(() => computeNutrition(lines, Number(servings) || 1), [lines, servings]);
  const suggestions = useMemo(() => {
    const found = new Map<string, string[]>();
    for (const line of lines) {
      for (const allergen of suggestAllergens({ name: line.name, group: groups[line.code] ?? null })) {
        if (!allergens.includes(allergen) && !traces.includes(allergen) && !dismissed.includes(allergen)) found.set(allergen, [...(found.get(allergen) ?? []), line.name]);
      }
    }
    return [...found].map(([allergen, sources]) => ({ allergen, sources }));
  }, [lines, groups, allergens, traces, dismissed]);

  const addIngredient = (hit: IngredientHit) => {
    const gramsPerUnit = defaultGramsPerUnit(hit.name);
    setGroups((current) => ({ ...current, [hit.code]: hit.group }));
    setLines((current) => [...current, { key: newKey(), code: hit.code, name: hit.name, quantity: 100, unit: 'g', gramsPerUnit, per100g: hit.per100g }]);
    setIngredientsError(null);
    // One toast however many lines are added in a row: each add replaces it (same sonner id).
    toast.success('Ingrédient ajouté avec succès', { id: 'ingredient-added' });
  };
  // An edited list makes the server's line errors old news (a new save checks them again).
  const changeLines = (next: DraftLine[]) => {
    setLines(next);
    setLineErrors({});
  };

  const submit = form.handleSubmit((values) => {
    if (lines.length === 0) {
      setIngredientsError(recipeMessages.noIngredient);
      showFormErrorToast(RECIPE_FORM, recipeMessages.noIngredient);
      return;
    }
    const input: RecipeInput = {
      ...values,
      ingredients: lines.map((l) => ({ code: l.code, quantity: l.quantity, unit: l.unit, gramsPerUnit: l.unit === 'unité' ? l.gramsPerUnit : null })),
      allergens,
      traces,
      dietaryInfo: diets,
    };
    save.mutate(
      { id: recipe?.id, input },
      {
        onSuccess: () => {
          toast.success(recipe ? 'Recette mise à jour avec succès' : 'Recette créée avec succès');
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'plan_limit') {
            toast.error('Limite atteinte', { description: 'Le plan gratuit est limité à 5 recettes. Passez au Premium pour en créer davantage.' });
          } else if (error instanceof ApiError && error.code === 'validation') {
            setLineErrors(error.fields);
            for (const [field, message] of Object.entries(error.fields)) {
              if (field in formSchema.shape) form.setError(field as keyof FormValues, { message });
            }
            showValidationToast(RECIPE_FORM, error.message);
          } else toast.error('Erreur lors de la sauvegarde');
        },
      },
    );
  });

  const { errors } = form.formState;
  useFormErrorToastFollows(RECIPE_FORM, Object.keys(errors).length > 0 || ingredientsError !== null || Object.keys(lineErrors).length > 0);
  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label={recipe ? 'Modifier la recette' : 'Nouvelle recette'}>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Field label="Nom de la recette" placeholder="Ex. : Gratin dauphinois" error={errors.name?.message} {...form.register('name')} />
        <Field label="Portions" type="number" min={1} step={1} inputMode="numeric" error={errors.servings?.message} {...form.register('servings', { valueAsNumber: true })} />
      </div>
      <TextAreaField label="Description" id="recipe-description" error={errors.description?.message} {...form.register('description')} />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Field label="Préparation (min)" type="number" min={0} step={1} error={errors.prepTime?.message} {...form.register('prepTime', { setValueAs: optionalMinutes })} />
        <Field label="Cuisson (min)" type="number" min={0} step={1} error={errors.cookTime?.message} {...form.register('cookTime', { setValueAs: optionalMinutes })} />
        <Field label="Prix (€)" type="number" min={0} step={0.1} error={errors.price?.message} {...form.register('price', { setValueAs: optionalMinutes })} />
      </div>

      <section className="space-y-3" aria-label="Ingrédients">
        <IngredientSearch onSelect={addIngredient} />
        {ingredientsError && (
          <p className="text-sm text-red-600" role="alert">
            {ingredientsError}
          </p>
        )}
        <IngredientLines lines={lines} onChange={changeLines} errors={lineErrors} />
        {lines.length > 0 && <NutritionSummary value={preview} />}
      </section>

      <AllergenSuggestions
        suggestions={suggestions}
        onAdd={(allergen) => setAllergens((current) => (current.includes(allergen) ? current : [...current, allergen]))}
        onDismiss={(allergen) => setDismissed((current) => [...current, allergen])}
      />
      <AllergenPicker value={allergens} onChange={setAllergens} legend="Allergènes (contient)" exclude={traces} />
      <AllergenPicker
        value={traces}
        onChange={setTraces}
        legend="Peut contenir (traces)"
        placeholder="Rechercher un allergène présent à l’état de traces"
        exclude={allergens}
        tone="amber"
      />

      <details className="rounded-lg border border-stone-200 p-3" open={Boolean(recipe?.cookedWeightG || recipe?.fruitVegLegumePercent !== null && recipe?.fruitVegLegumePercent !== undefined)}>
        <summary className="cursor-pointer text-sm font-medium">Déclaration nutritionnelle et Nutri-Score</summary>
        <div className="mt-3 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Poids total cuit (g, optionnel)"
              type="number"
              min={0}
              step={1}
              hint="Pour tenir compte des pertes à la cuisson : « pour 100 g » se rapporte alors au plat servi."
              error={errors.cookedWeightG?.message}
              {...form.register('cookedWeightG', { setValueAs: optionalMinutes })}
            />
            <Field
              label="Part de fruits, légumes et légumineuses (%)"
              type="number"
              min={0}
              max={100}
              step={1}
              hint="Nécessaire au calcul du Nutri-Score."
              error={errors.fruitVegLegumePercent?.message}
              {...form.register('fruitVegLegumePercent', { setValueAs: optionalMinutes })}
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="accent-brand-700" {...form.register('showNutriScore')} />
            Afficher le Nutri-Score sur le menu public
          </label>
          {lines.length > 0 && (
            <NutritionDeclaration
              recipe={{ servings: Number(servings) || 1, cookedWeightG: Number(cookedWeightG) > 0 ? Number(cookedWeightG) : null, nutrition: preview }}
            />
          )}
        </div>
      </details>

      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Régimes alimentaires</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {DIET_LABELS.map((label) => (
            <label key={label} className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input
                type="checkbox"
                className="accent-brand-700"
                checked={diets.includes(label)}
                onChange={(event) => setDiets(event.target.checked ? [...diets, label] : diets.filter((d) => d !== label))}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {recipe ? 'Mettre à jour' : 'Créer'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
