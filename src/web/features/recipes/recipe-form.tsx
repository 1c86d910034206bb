import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import type { IngredientHit, Recipe, RecipeInput } from '../../../shared/api/recipes.ts';
import { PLAN_LIMIT_TOASTS } from '../../../shared/plan-texts.ts';
import { recipeMessages, recipeNumbers } from '../../../shared/api/recipes.ts';
import { DIET_LABELS } from '../../../shared/diets.ts';
import { ALLERGEN_STATEMENTS } from '../../../shared/allergens.ts';
import type { FoodFacts } from '../../../shared/food-facts.ts';
import { readNumberText } from '../../../shared/number-rules.ts';
import { computeRecipeFacts } from '../../../shared/recipe-facts.ts';
import { Button } from '../../components/ui/button.tsx';
import { DecimalField } from '../../components/ui/decimal-field.tsx';
import type { MeatOrigin } from '../../../shared/meat-origin.ts';
import { MenuMentions } from './menu-mentions.tsx';
import { Field, TextAreaField } from '../../components/ui/field.tsx';
import type { DishTranslations } from '../../../shared/diner/translations.ts';
import { TranslationFields } from '../../components/translation-fields.tsx';
import { ApiError } from '../../lib/api.ts';
import { showFormErrorToast, showValidationToast, useFormErrorToastFollows } from '../../lib/form-error-toast.ts';
import { AllergenDeclaration } from './allergen-declaration.tsx';
import { ProductAllergens } from './product-allergens.tsx';
import { fetchRecipe, useProductPrices, useRecipeCosts, useRecipePhoto, useSaveRecipe } from './api.ts';
import { describeRecipe } from './describe-recipe.ts';
import { ConflictNotice } from '../../components/conflict-notice.tsx';
import { useVersionedForm } from '../../lib/versions.ts';
import { useIngredientPrices } from '../../lib/ingredient-prices.ts';
import { useCan } from '../../lib/use-can.ts';
import { useFormDraft } from '../../lib/saved-drafts.ts';
import { CancelButton, DraftBanner } from '../../components/draft-banner.tsx';
import { lineCost, type LineCost } from './line-costs.ts';
import { RecipePhotoField } from './recipe-photo-field.tsx';
import {
  draftFromStored,
  newDraftLine,
  previewLine,
  readLine,
  sourceKey,
  withNewKeys,
  type DraftLine,
} from './draft-lines.ts';
import { IngredientLines, type LineErrors } from './ingredient-lines.tsx';
import {
  recipeFormDefaults,
  recipeFormSchema,
  type RecipeFormOutput,
  type RecipeFormValues,
} from './recipe-form-schema.ts';
import { IngredientSearch } from './ingredient-search.tsx';
import { NutritionSummary } from './nutrition-summary.tsx';
import { NutritionDeclaration } from '../../components/nutrition-declaration.tsx';
import { NutriScoreInfo } from '../../components/nutri-score-scale.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { NUTRISCORE_CHOICE_LABELS, NUTRISCORE_CHOICES } from '../../../shared/nutri-score-labels.ts';
import { useAllergenReview } from './use-allergen-review.ts';
import { CostFields } from './cost-fields.tsx';
import { ProgressionField } from './progression-field.tsx';
import { RecipeStep, RecipeStepNav } from './recipe-steps.tsx';
import { RecipeLiveSummary } from './recipe-live-summary.tsx';

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

const RECIPE_FORM = 'recipe';
const NO_FACTS: FoodFacts = { suggestedAllergens: [], redMeat: false };

/** Everything the form holds, as its draft keeps it (src/web/lib/saved-drafts.ts). */
interface RecipeDraft {
  values: RecipeFormValues;
  lines: DraftLine[];
  foodFacts: Record<string, FoodFacts>;
  diets: string[];
  meatOrigins: MeatOrigin[];
  saleMode: Recipe['saleMode'];
  progression: string[];
  translations: DishTranslations;
  /** The owner's lists; a confirmation is never kept: it is given again on the resumed form. */
  contains: string[];
  traces: string[];
}

/** The first field in error of the form `formId`, in view and focused: a refused save shows where (docs/conventions.md 10). */
export function showFirstError(formId: string) {
  requestAnimationFrame(() => {
    const field = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'instant' });
    field.focus({ preventScroll: true });
  });
}

/**
 * « Nouvelle recette » / « Modifier la recette » (docs/product/spec.md « Mes Recettes »).
 * `resumeDraft`: the owner asked for the draft from the list; it is put back at once.
 */
export function RecipeForm({
  recipe,
  onDone,
  onReload,
  resumeDraft = false,
}: {
  recipe: Recipe | null;
  onDone: () => void;
  /** Opens the form again on the saved version (« Recharger » after a conflict). */
  onReload?: (saved: Recipe) => void;
  resumeDraft?: boolean;
}) {
  const save = useSaveRecipe();
  const { conflict, version, setVersion, formRef, keepMine } = useVersionedForm<Recipe, RecipeInput>(recipe?.version);
  const photo = useRecipePhoto();
  const [pendingPhoto, setPendingPhoto] = useState<File | null>(null);
  const [lines, setLines] = useState<DraftLine[]>(() => (recipe?.ingredients ?? []).map(draftFromStored));
  // What each food implies (allergens, red meat, Nutri-Score table), as the server derived it for the hit or the stored line.
  const [foodFacts, setFoodFacts] = useState<Record<string, FoodFacts>>(() =>
    Object.fromEntries(
      (recipe?.ingredients ?? []).map((l) => [
        sourceKey(l),
        { suggestedAllergens: l.suggestedAllergens, redMeat: l.redMeat, nutriKind: l.nutriKind },
      ]),
    ),
  );
  const [diets, setDiets] = useState<string[]>(recipe?.dietaryInfo ?? []);
  const [meatOrigins, setMeatOrigins] = useState<MeatOrigin[]>(recipe?.meatOrigins ?? []);
  const [saleMode, setSaleMode] = useState(recipe?.saleMode ?? 'sur_place');
  const [progression, setProgression] = useState<string[]>(recipe?.progression ?? []);
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const [ingredientsError, setIngredientsError] = useState<string | null>(null);
  const [translations, setTranslations] = useState<DishTranslations>(recipe?.translations ?? {});
  const [translationErrors, setTranslationErrors] = useState<Record<string, string>>({});
  const form = useForm<RecipeFormValues, unknown, RecipeFormOutput>({
    resolver: zodResolver(recipeFormSchema),
    defaultValues: recipeFormDefaults(recipe),
  });
  const servingsText = useWatch({ control: form.control, name: 'servings' });
  const cookedWeightText = useWatch({ control: form.control, name: 'cookedWeightG' });
  const fruitVegText = useWatch({ control: form.control, name: 'fruitVegLegumePercent' });
  const showNutriScore = useWatch({ control: form.control, name: 'showNutriScore' });
  const nutriScoreCategory = useWatch({ control: form.control, name: 'nutriScoreCategory' });
  const servings = readNumberText(recipeNumbers.servings, servingsText, true).value ?? 1;
  const cookedWeightG = readNumberText(recipeNumbers.cookedWeightG, cookedWeightText ?? '', false).value;
  const fruitVegLegumePercent = readNumberText(recipeNumbers.fruitVegLegumePercent, fruitVegText ?? '', false).value;
  // The server's own derivation (docs/product/decisions.md 8), for the preview only: the server recomputes on save.
  const preview = useMemo(
    () =>
      computeRecipeFacts({
        servings,
        cookedWeightG,
        fruitVegLegumePercent,
        nutriScoreCategory,
        allergensDeclared: false,
        lines: lines.map((l) => ({ ...previewLine(l), ...(foodFacts[sourceKey(l)] ?? NO_FACTS) })),
      }),
    [lines, servings, cookedWeightG, fruitVegLegumePercent, nutriScoreCategory, foodFacts],
  );
  const review = useAllergenReview(recipe, lines.map(sourceKey), preview.allergenSuggestions);

  // What each line costs as typed, from the prices the server costs it with (line-costs.ts).
  const seesCosts = useCan('costs:read');
  const prices = useIngredientPrices();
  const products = useProductPrices();
  const subRecipeCosts = useRecipeCosts();
  const costs = useMemo(() => {
    const sources = { prices: prices.data, products: products.data, recipes: subRecipeCosts.data };
    return Object.fromEntries(lines.map((line) => [line.key, lineCost(line, sources)])) as Record<string, LineCost>;
  }, [lines, prices.data, products.data, subRecipeCosts.data]);
  const liveCost = useMemo(
    () =>
      lines.length === 0
        ? null
        : computeRecipeFacts({
            servings,
            cookedWeightG,
            fruitVegLegumePercent,
            allergensDeclared: false,
            lines: lines.map((l) => ({
              ...previewLine(l),
              ...NO_FACTS,
              costPerGram: costs[l.key]?.costPerGram ?? null,
            })),
          }).cost,
    [lines, costs, servings, cookedWeightG, fruitVegLegumePercent],
  );

  // The draft: the whole form as typed, kept in this browser until « Créer » or « Mettre à jour ».
  const formId = useId();
  const values = useWatch({ control: form.control }) as RecipeFormValues;
  const draftValue: RecipeDraft = {
    values,
    lines,
    foodFacts,
    diets,
    meatOrigins,
    saleMode,
    progression,
    translations,
    contains: review.contains,
    traces: review.traces,
  };
  const [initialDraft] = useState(() => draftValue);
  const draft = useFormDraft<RecipeDraft>({
    form: 'recette',
    id: recipe?.id ?? null,
    value: draftValue,
    initial: initialDraft,
    title: values.name || recipe?.name || 'Nouvelle recette',
    resumeAtOnce: resumeDraft,
    restore: (saved) => {
      form.reset(saved.values, { keepDefaultValues: true });
      setLines(withNewKeys(saved.lines));
      setFoodFacts(saved.foodFacts);
      setDiets(saved.diets);
      setMeatOrigins(saved.meatOrigins);
      setSaleMode(saved.saleMode);
      setProgression(saved.progression);
      setTranslations(saved.translations);
      review.setLists({ contains: saved.contains, traces: saved.traces });
    },
  });

  const searchId = useId();
  const addIngredient = (hit: IngredientHit) => {
    setFoodFacts((current) => ({
      ...current,
      [sourceKey(hit)]: { suggestedAllergens: hit.suggestedAllergens, redMeat: hit.redMeat, nutriKind: hit.nutriKind },
    }));
    const line = newDraftLine(hit);
    setLines((current) => [...current, line]);
    // Keyboard entry (docs/decisions/0025-menu-editor-and-recipe-form.md): search, Enter, quantity, Enter, unit, Enter, next search.
    // The suggested quantity is selected: typing replaces it.
    requestAnimationFrame(() => {
      const quantity = document.getElementById(`qty-${line.key}`);
      if (!(quantity instanceof HTMLInputElement)) return;
      quantity.focus();
      quantity.select();
    });
    setIngredientsError(null);
    // One toast however many lines are added in a row: each add replaces it (same sonner id).
    toast.success('Ingrédient ajouté avec succès', { id: 'ingredient-added' });
  };
  // An edited list makes the server's line errors old news (a new save checks them again).
  const changeLines = (next: DraftLine[]) => {
    setLines(next);
    setLineErrors({});
  };

  // Line errors show with the form's own, whichever is wrong: nothing is sent until all are right.
  const checkLines = () => {
    const read = readLines(lines);
    setLineErrors(read.errors);
    if (!read.ingredients) {
      showValidationToast(RECIPE_FORM, Object.values(read.errors)[0] ?? '');
      showFirstError(formId);
    }
    return read.ingredients;
  };
  const submit = form.handleSubmit(
    (values) => {
      if (lines.length === 0) {
        setIngredientsError(recipeMessages.noIngredient);
        showFormErrorToast(RECIPE_FORM, recipeMessages.noIngredient);
        return;
      }
      const ingredients = checkLines();
      if (!ingredients) return;
      const input: RecipeInput = {
        ...values,
        ingredients,
        allergens: review.contains,
        traces: review.traces,
        // Saving stays possible before the review is done: the recipe is then `unverified` and
        // diners read « demandez au personnel ». Blocking the save instead would push an owner
        // in a hurry to tick the box unread, and a false « declared » is what can hurt a diner.
        allergensDeclared: review.confirmed,
        dietaryInfo: diets,
        translations,
        meatOrigins,
        saleMode,
        progression,
      };
      send(input);
    },
    () => {
      checkLines();
      showFirstError(formId);
    },
  );

  // The version the form opened goes with the save: a stale one comes back as a conflict notice.
  function send(input: RecipeInput) {
    conflict.clear();
    save.mutate(
      { id: recipe?.id, input: { ...input, version } },
      {
        onSuccess: (saved) => {
          toast.success(recipe ? 'Recette mise à jour avec succès' : 'Recette créée avec succès');
          draft.saved();
          // A new recipe's photo goes once the recipe exists; a refusal does not undo the recipe.
          // mutateAsync: the form closes now, and mutate's own callbacks would not run once it has.
          if (!recipe && pendingPhoto) {
            photo
              .mutateAsync({ recipeId: saved.id, file: pendingPhoto })
              .catch((failure: Error) =>
                toast.error('La recette est créée, mais sa photo a été refusée', { description: failure.message }),
              );
          }
          onDone();
        },
        onError: (error) => {
          if (recipe && conflict.caught(error, { base: recipe, mine: input, load: () => fetchRecipe(recipe.id) }))
            return;
          if (error instanceof ApiError && error.code === 'plan_limit') {
            // A new recipe past the limit, or a saved one kept read-only after a downgrade (the server says which).
            if (recipe) toast.error('Recette en lecture seule', { description: error.message });
            else toast.error('Limite atteinte', { description: PLAN_LIMIT_TOASTS.recipes });
          } else if (error instanceof ApiError && error.code === 'validation') {
            const fromServer: LineErrors = {};
            for (const [field, message] of Object.entries(error.fields)) {
              const line = /^ingredients\.(\d+)\.(\w+)$/.exec(field);
              const key = line ? lines[Number(line[1])]?.key : undefined;
              if (key) fromServer[`${key}.${line![2]}`] = message;
              else if (field in recipeFormSchema.shape) form.setError(field as keyof RecipeFormValues, { message });
            }
            setLineErrors(fromServer);
            setTranslationErrors(
              Object.fromEntries(Object.entries(error.fields).filter(([field]) => field.startsWith('translations.'))),
            );
            showValidationToast(RECIPE_FORM, error.message);
            showFirstError(formId);
          } else toast.error('Erreur lors de la sauvegarde');
        },
      },
    );
  }

  const { errors } = form.formState;
  useFormErrorToastFollows(
    RECIPE_FORM,
    Object.keys(errors).length > 0 || ingredientsError !== null || Object.keys(lineErrors).length > 0,
  );
  return (
    <form
      id={formId}
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="space-y-5"
      aria-label={recipe ? 'Modifier la recette' : 'Nouvelle recette'}
    >
      <DraftBanner draft={draft} what={recipe ? `« ${recipe.name} »` : 'cette nouvelle recette'} />
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Field
          label="Nom de la recette"
          placeholder="Ex. : Gratin dauphinois"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <DecimalField control={form.control} name="servings" label="Portions" integer />
      </div>
      <RecipeStepNav />
      {/* One column on a phone; on a wide screen the live summary stays in view beside the steps. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <RecipeStep id="ingredients" className="min-w-0 lg:col-start-1">
          <IngredientSearch id={searchId} onSelect={addIngredient} />
          <p className="-mt-2 text-xs text-stone-600">
            Au clavier : Entrée choisit l’ingrédient, puis saisissez la quantité, Entrée, l’unité, Entrée pour
            l’ingrédient suivant.
          </p>
          {ingredientsError && (
            <p className="text-sm text-red-600" role="alert">
              {ingredientsError}
            </p>
          )}
          <IngredientLines
            lines={lines}
            onChange={changeLines}
            errors={lineErrors}
            onErrorsChange={setLineErrors}
            onLineDone={() => document.getElementById(searchId)?.focus()}
            {...(seesCosts ? { costs } : {})}
          />
        </RecipeStep>

        <aside aria-label="Résumé de la recette" className="lg:col-start-2 lg:row-span-5 lg:row-start-1">
          <div className="space-y-3 lg:sticky lg:top-4">
            <RecipeLiveSummary
              lineCount={lines.length}
              nutrition={
                lines.length > 0 ? (
                  <NutritionSummary value={{ ...preview, missing: preview.nutrition.missing }} />
                ) : null
              }
            />
          </div>
        </aside>

        <RecipeStep id="allergens" className="min-w-0 lg:col-start-1">
          <AllergenDeclaration review={review} />
          <ProductAllergens contains={preview.productAllergens} traces={preview.productTraces} />
          <fieldset>
            <legend className="text-sm font-medium text-stone-800">Régimes alimentaires</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {DIET_LABELS.map((label) => (
                <label
                  key={label}
                  className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="checkbox"
                    className="accent-brand-700"
                    checked={diets.includes(label)}
                    onChange={(event) =>
                      setDiets(event.target.checked ? [...diets, label] : diets.filter((d) => d !== label))
                    }
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </RecipeStep>

        <RecipeStep id="nutrition" className="min-w-0 lg:col-start-1">
          <details
            className="rounded-lg border border-stone-200 p-3"
            open={Boolean(
              recipe?.cookedWeightG ||
              recipe?.showNutriScore ||
              (recipe?.fruitVegLegumePercent !== null && recipe?.fruitVegLegumePercent !== undefined),
            )}
          >
            <summary className="cursor-pointer text-sm font-medium">Déclaration nutritionnelle et Nutri-Score</summary>
            <div className="mt-3 space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <DecimalField
                  control={form.control}
                  name="cookedWeightG"
                  label="Poids total cuit (g, optionnel)"
                  maxDigits={1}
                  hint="Pour tenir compte des pertes à la cuisson : « pour 100 g » se rapporte alors au plat servi."
                />
                <DecimalField
                  control={form.control}
                  name="fruitVegLegumePercent"
                  label="Part de fruits, légumes et légumineuses (%)"
                  maxDigits={1}
                  hint="Nécessaire au calcul du Nutri-Score."
                />
              </div>
              <SelectField
                label="Tableau du Nutri-Score"
                options={NUTRISCORE_CHOICES.map((choice) => ({
                  value: choice,
                  label: NUTRISCORE_CHOICE_LABELS[choice],
                }))}
                hint="Boissons, matières grasses, fromages et eaux ont leurs propres tableaux."
                error={form.formState.errors.nutriScoreCategory?.message}
                {...form.register('nutriScoreCategory')}
              />
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="accent-brand-700" {...form.register('showNutriScore')} />
                Afficher le Nutri-Score sur le menu public
              </label>
              {/* docs/product/nutri-score.md: the logo is Santé publique France's trademark. */}
              <p className="-mt-2 text-xs text-stone-600">
                L’affichage public du Nutri-Score suppose l’enregistrement de votre établissement auprès de Santé
                publique France.
              </p>
              {lines.length > 0 && (
                <div aria-live="polite" data-testid="nutri-score-preview">
                  <NutriScoreInfo value={preview.nutriScore} />
                  {showNutriScore && !preview.nutriScore.available && (
                    <p className="mt-1 text-xs text-stone-600">
                      Le menu public n’affichera pas de Nutri-Score tant qu’il ne peut pas être calculé.
                    </p>
                  )}
                </div>
              )}
              {lines.length > 0 && (
                <NutritionDeclaration recipe={{ servings, cookedWeightG, nutrition: preview.nutrition }} />
              )}
            </div>
          </details>
        </RecipeStep>

        {/* The costs step: one place for what the dish costs and sells for. */}
        <RecipeStep id="costs" className="min-w-0 lg:col-start-1">
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <DecimalField
              control={form.control}
              name="price"
              label="Prix (€)"
              placeholder="Ex. : 9,50"
              maxDigits={2}
              minDigits={2}
            />
          </div>
          <CostFields control={form.control} cost={liveCost} saleMode={saleMode} onSaleModeChange={setSaleMode} />
        </RecipeStep>

        <RecipeStep id="presentation" className="min-w-0 lg:col-start-1">
          <TextAreaField
            label="Description"
            id="recipe-description"
            error={errors.description?.message}
            {...form.register('description')}
          />
          <RecipePhotoField recipe={recipe} version={version} onSaved={setVersion} onPendingChange={setPendingPhoto} />
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <DecimalField control={form.control} name="prepTime" label="Préparation (min)" integer />
            <DecimalField control={form.control} name="cookTime" label="Cuisson (min)" integer />
          </div>
          <ProgressionField steps={progression} onChange={setProgression} />
          <MenuMentions
            homemade={form.register('homemade')}
            origins={meatOrigins}
            productOrigins={recipe?.origins ?? []}
            onOriginsChange={setMeatOrigins}
          />
          <TranslationFields
            idPrefix="recipe-translation"
            value={translations}
            onChange={setTranslations}
            errors={translationErrors}
          />
        </RecipeStep>
      </div>

      {!review.confirmed && (
        <p
          className="rounded-md border border-orange-300 bg-orange-50 p-2 text-sm text-orange-900"
          data-testid="unverified-warning"
        >
          <strong>Allergènes non vérifiés</strong> : la recette peut être enregistrée, vos clients liront{' '}
          {`«\u00a0${ALLERGEN_STATEMENTS.unverified}\u00a0»`} jusqu’à ce que vous confirmiez la liste.
        </p>
      )}
      <ConflictNotice
        conflict={conflict}
        describe={describeRecipe}
        busy={save.isPending}
        onReload={(saved) => onReload?.(saved)}
        onKeepMine={(_typed, saved) => keepMine(saved)}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {recipe ? 'Mettre à jour' : 'Créer'}
        </Button>
        <CancelButton
          dirty={draft.dirty}
          onCancel={() => {
            // « Annuler » sets the changes aside, asked first: the draft goes too (leaving by a link keeps it).
            draft.saved();
            onDone();
          }}
        />
      </div>
    </form>
  );
}
