import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { IngredientHit, Recipe, RecipeInput } from '../../../shared/api/recipes.ts';
import { recipeMessages, recipeNumbers } from '../../../shared/api/recipes.ts';
import { DIET_LABELS } from '../../../shared/diets.ts';
import { readNumberText } from '../../../shared/number-rules.ts';
import { computeNutrition } from '../../../shared/nutrition.ts';
import { Button } from '../../components/ui/button.tsx';
import { DecimalField } from '../../components/ui/decimal-field.tsx';
import { Field, TextAreaField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { AllergenPicker } from './allergen-picker.tsx';
import { useSaveRecipe } from './api.ts';
import { draftFromStored, newDraftLine, previewLine, readLine, type DraftLine } from './draft-lines.ts';
import { IngredientLines, type LineErrors } from './ingredient-lines.tsx';
import { recipeFormDefaults, recipeFormSchema, type RecipeFormOutput, type RecipeFormValues } from './recipe-form-schema.ts';
import { IngredientSearch } from './ingredient-search.tsx';
import { NutritionSummary } from './nutrition-summary.tsx';
import { AllergenSuggestions } from './allergen-suggestions.tsx';
import { NutritionDeclaration } from '../../components/nutrition-declaration.tsx';
import { suggestAllergens } from '../../../shared/allergen-rules.ts';

/** Every line read with the API's rules: the lines to send, or the errors to show next to their fields. */
function readLines(lines: DraftLine[]): { ingredients: RecipeInput['ingredients'] | null; errors: LineErrors } {
  const errors: LineErrors = {};
  const ingredients: RecipeInput['ingredients'] = [];
  for (const line of lines) {
    const read = readLine(line);
    if (read.input) ingredients.push(read.input);
    else for (const [field, message] of Object.entries(read.errors)) errors[`${line.key}.${field}`] = message;
  }
  return { ingredients: Object.keys(errors).length === 0 ? ingredients : null, errors };
}

/** « Nouvelle recette » / « Modifier la recette » (SPEC.md « Mes Recettes »). */
export function RecipeForm({ recipe, onDone }: { recipe: Recipe | null; onDone: () => void }) {
  const save = useSaveRecipe();
  const [lines, setLines] = useState<DraftLine[]>(() => (recipe?.ingredients ?? []).map(draftFromStored));
  const [allergens, setAllergens] = useState<string[]>(recipe?.allergens ?? []);
  const [traces, setTraces] = useState<string[]>(recipe?.traces ?? []);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const [groups, setGroups] = useState<Record<string, string | null>>({});
  const [diets, setDiets] = useState<string[]>(recipe?.dietaryInfo ?? []);
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const [ingredientsError, setIngredientsError] = useState<string | null>(null);
  const form = useForm<RecipeFormValues, unknown, RecipeFormOutput>({ resolver: zodResolver(recipeFormSchema), defaultValues: recipeFormDefaults(recipe) });
  const servingsText = useWatch({ control: form.control, name: 'servings' });
  const cookedWeightText = useWatch({ control: form.control, name: 'cookedWeightG' });
  const servings = readNumberText(recipeNumbers.servings, servingsText, true).value ?? 1;
  const cookedWeightG = readNumberText(recipeNumbers.cookedWeightG, cookedWeightText ?? '', false).value;
  const preview = useMemo(() => computeNutrition(lines.map(previewLine), servings), [lines, servings]);
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
    setGroups((current) => ({ ...current, [hit.code]: hit.group }));
    setLines((current) => [...current, newDraftLine(hit)]);
    setIngredientsError(null);
    toast.success('Ingrédient ajouté avec succès');
  };

  // Line errors show with the form's own, whichever is wrong: nothing is sent until all are right.
  const checkLines = () => {
    const read = readLines(lines);
    setLineErrors(read.errors);
    if (!read.ingredients) toast.error('Erreur de validation', { description: Object.values(read.errors)[0] });
    return read.ingredients;
  };
  const submit = form.handleSubmit((values) => {
    if (lines.length === 0) {
      setIngredientsError(recipeMessages.noIngredient);
      toast.error(recipeMessages.noIngredient);
      return;
    }
    const ingredients = checkLines();
    if (!ingredients) return;
    const input: RecipeInput = {
      ...values,
      ingredients,
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
            toast.error('Limite atteinte', { description: 'Le plan gratuit est limité à 5 recettes. Passez au Premium pour en créer davantage.' });
          } else if (error instanceof ApiError && error.code === 'validation') {
            const fromServer: LineErrors = {};
            for (const [field, message] of Object.entries(error.fields)) {
              const line = /^ingredients\.(\d+)\.(\w+)$/.exec(field);
              const key = line ? lines[Number(line[1])]?.key : undefined;
              if (key) fromServer[`${key}.${line![2]}`] = message;
              else if (field in recipeFormSchema.shape) form.setError(field as keyof RecipeFormValues, { message });
            }
            setLineErrors(fromServer);
            toast.error('Erreur de validation', { description: error.message });
          } else toast.error('Erreur lors de la sauvegarde');
        },
      },
    );
  }, () => {
    checkLines();
  });

  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label={recipe ? 'Modifier la recette' : 'Nouvelle recette'}>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Field label="Nom de la recette" placeholder="Ex. : Gratin dauphinois" error={errors.name?.message} {...form.register('name')} />
        <DecimalField control={form.control} name="servings" label="Portions" integer />
      </div>
      <TextAreaField label="Description" id="recipe-description" error={errors.description?.message} {...form.register('description')} />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <DecimalField control={form.control} name="prepTime" label="Préparation (min)" integer />
        <DecimalField control={form.control} name="cookTime" label="Cuisson (min)" integer />
        <DecimalField control={form.control} name="price" label="Prix (€)" placeholder="Ex. : 9,50" maxDigits={2} minDigits={2} />
      </div>

      <section className="space-y-3" aria-label="Ingrédients">
        <IngredientSearch onSelect={addIngredient} />
        {ingredientsError && (
          <p className="text-sm text-red-600" role="alert">
            {ingredientsError}
          </p>
        )}
        <IngredientLines lines={lines} onChange={setLines} errors={lineErrors} onErrorsChange={setLineErrors} />
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
        placeholder="Rechercher un allergène présent à l'état de traces"
        exclude={allergens}
        tone="amber"
      />

      <details className="rounded-lg border border-stone-200 p-3" open={Boolean(recipe?.cookedWeightG || recipe?.fruitVegLegumePercent !== null && recipe?.fruitVegLegumePercent !== undefined)}>
        <summary className="cursor-pointer text-sm font-medium">Déclaration nutritionnelle et Nutri-Score</summary>
        <div className="mt-3 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <DecimalField
              control={form.control}
              name="cookedWeightG"
              label="Poids total cuit (g, optionnel)"
              maxDigits={1}
              hint="Pour tenir compte des pertes à la cuisson : « pour 100 g » se rapporte alors au plat servi."
            />
            <DecimalField
              control={form.control}
              name="fruitVegLegumePercent"
              label="Part de fruits, légumes et légumineuses (%)"
              maxDigits={1}
              hint="Nécessaire au calcul du Nutri-Score."
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="accent-brand-700" {...form.register('showNutriScore')} />
            Afficher le Nutri-Score sur le menu public
          </label>
          {lines.length > 0 && (
            <NutritionDeclaration
              recipe={{ servings, cookedWeightG, nutrition: preview }}
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
