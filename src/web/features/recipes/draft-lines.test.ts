import { describe, expect, it } from 'vitest';
import type { IngredientHit, RecipeIngredient } from '../../../shared/api/recipes.ts';
import type { Per100g } from '../../../shared/nutrition.ts';
import { draftFromStored, lineFieldError, newDraftLine, previewLine, readLine, sourceKey } from './draft-lines.ts';

const per100g = { energyKcal: 900 } as Per100g;
const hit = (code: string, name: string): IngredientHit => ({
  kind: 'ciqual',
  id: code,
  code,
  name,
  group: null,
  per100g,
  suggestedAllergens: [],
  redMeat: false,
  allergens: [],
  traces: [],
});

describe('ingredient lines of the recipe form', () => {
  it('starts a new line with the food’s unit weight and density from data/kitchen-measures.json', () => {
    const yolk = newDraftLine(hit('22002', "Oeuf, jaune (jaune d'oeuf), cru"));
    expect(yolk).toMatchObject({ quantity: '100', unit: 'g', gramsPerUnit: '17', gramsPerMl: '1,03' });
    expect(yolk.defaults.unitSource?.label).toBe('USDA FoodData Central, Foundation Foods');
    const oil = newDraftLine(hit('17440', 'Huile de tournesol'));
    expect(oil).toMatchObject({ gramsPerUnit: '', gramsPerMl: '0,92' });
    // Unknown density: water's, said on the line.
    expect(newDraftLine(hit('1', 'Aliment inconnu'))).toMatchObject({
      gramsPerMl: '1',
      defaults: { gramsPerMl: null },
    });
  });

  it('keeps what a stored line was saved with (density 1 before migration 0006)', () => {
    const stored: RecipeIngredient = {
      id: 'x',
      kind: 'ciqual',
      code: '17440',
      productId: null,
      recipeId: null,
      allergens: [],
      traces: [],
      name: 'Huile de tournesol',
      quantity: 0.25,
      unit: 'l',
      gramsPerUnit: null,
      gramsPerMl: 1,
      per100g,
      suggestedAllergens: [],
      redMeat: false,
    };
    expect(draftFromStored(stored)).toMatchObject({
      quantity: '0,25',
      unit: 'l',
      gramsPerMl: '1',
      defaults: { gramsPerMl: 0.92 },
    });
  });

  it('sends a product’s line by its id, with its stated allergens for the preview', () => {
    const product: IngredientHit = {
      kind: 'product',
      id: 'p-1',
      code: null,
      name: 'Fond blanc Maison Z',
      group: 'Mon produit',
      per100g,
      suggestedAllergens: [],
      redMeat: false,
      allergens: ['Céleri'],
      traces: [],
    };
    const line = newDraftLine(product);
    expect(readLine(line).input).toEqual({
      productId: 'p-1',
      quantity: 100,
      unit: 'g',
      gramsPerUnit: null,
      gramsPerMl: null,
    });
    expect(previewLine(line).allergens).toEqual(['Céleri']);
    expect(sourceKey(line)).toBe('product:p-1');
  });

  it('reads « 0,25 » and « 0.25 » alike, and refuses -5, 0 and junk next to the field', () => {
    const butter = { ...newDraftLine(hit('16400', 'Beurre à 80% MG minimum, doux')), unit: 'kg' as const };
    expect(readLine({ ...butter, quantity: '0,25' })).toEqual({
      input: { code: '16400', quantity: 0.25, unit: 'kg', gramsPerUnit: null, gramsPerMl: null },
      errors: null,
    });
    expect(readLine({ ...butter, quantity: '0.25' }).input?.quantity).toBe(0.25);
    expect(readLine({ ...butter, quantity: '-5' }).errors).toEqual({
      quantity: 'La quantité doit être supérieure à 0',
    });
    expect(readLine({ ...butter, quantity: '0' }).errors).toEqual({ quantity: 'La quantité doit être supérieure à 0' });
    expect(readLine({ ...butter, quantity: '1,2,3' }).errors).toEqual({
      quantity: 'Saisissez un nombre, par exemple 0,25',
    });
    expect(lineFieldError({ ...butter, quantity: '' }, 'quantity')).toBe(
      'La quantité doit être un nombre supérieur à 0',
    );
  });

  it('asks for the weight of a unit or the density only when the unit needs it', () => {
    const line = newDraftLine(hit('1', 'Aliment inconnu'));
    expect(readLine({ ...line, unit: 'unité' }).errors).toEqual({
      gramsPerUnit: 'Indiquez le poids d’une unité (en grammes)',
    });
    expect(readLine({ ...line, unit: 'g', gramsPerUnit: 'x', gramsPerMl: '0' }).errors).toBeNull();
    expect(readLine({ ...line, unit: 'ml', gramsPerMl: '0,92' }).input).toMatchObject({
      unit: 'ml',
      gramsPerMl: 0.92,
      gramsPerUnit: null,
    });
    expect(lineFieldError({ ...line, unit: 'l', gramsPerMl: '0' }, 'gramsPerMl')).toBe(
      'Indiquez la densité (en g/ml), supérieure à 0',
    );
  });

  it('previews a line not yet valid as nothing rather than as a wrong weight', () => {
    const oil = { ...newDraftLine(hit('17440', 'Huile de tournesol')), unit: 'ml' as const };
    expect(previewLine({ ...oil, quantity: '100' })).toMatchObject({ quantity: 100, gramsPerMl: 0.92 });
    expect(previewLine({ ...oil, quantity: 'abc' }).quantity).toBe(0);
  });
});
