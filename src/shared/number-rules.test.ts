import { describe, expect, it } from 'vitest';
import { recipeInputSchema, recipeNumbers as n } from './api/recipes.ts';
import { messages } from './messages.ts';
import { numberProblem, optionalNumberText, readNumberText, requiredNumberText, ruleNumber } from './number-rules.ts';

const c = messages.constraints;

describe('numberProblem', () => {
  it('refuses 0, negatives and what rounds to 0 in the column (docs/product/decisions.md 16)', () => {
    expect(numberProblem(n.quantity, 0.25)).toBeNull();
    expect(numberProblem(n.quantity, 0)).toBe(c.quantityPositive);
    expect(numberProblem(n.quantity, -5)).toBe(c.quantityPositive);
    expect(numberProblem(n.quantity, 0.0004)).toBe(c.quantityPositive);
    expect(numberProblem(n.quantity, 0.001)).toBeNull();
    expect(numberProblem(n.price, 0.004)).toBe(c.pricePositive);
    expect(numberProblem(n.price, 0.01)).toBeNull();
    expect(numberProblem(n.gramsPerMl, 0.92)).toBeNull();
    expect(numberProblem(n.gramsPerMl, 6)).toBe('La densité ne peut pas dépasser 5 g/ml');
  });

  it('allows 0 where the rule does, and refuses fractions in whole-number fields', () => {
    expect(numberProblem(n.fruitVegLegumePercent, 0)).toBeNull();
    expect(numberProblem(n.fruitVegLegumePercent, 100.5)).toBe(c.percentRange);
    expect(numberProblem(n.prepTime, 0)).toBeNull();
    expect(numberProblem(n.prepTime, 1.5)).toBe('La durée doit être un nombre entier de minutes');
    expect(numberProblem(n.servings, 2.5)).toBe('Le nombre de portions doit être un nombre entier');
    expect(numberProblem(n.servings, 0)).toBe(c.servingsPositive);
    expect(numberProblem(n.quantity, Number.NaN)).toBe(n.quantity.messages.invalid);
  });
});

describe('readNumberText (forms)', () => {
  it('reads French text with the API rules', () => {
    expect(readNumberText(n.quantity, '0,25', true)).toEqual({ value: 0.25, error: null });
    expect(readNumberText(n.price, '9,50', false)).toEqual({ value: 9.5, error: null });
    expect(readNumberText(n.price, '', false)).toEqual({ value: null, error: null });
    expect(readNumberText(n.quantity, '', true).error).toBe(n.quantity.messages.invalid);
    expect(readNumberText(n.quantity, '-5', true).error).toBe(c.quantityPositive);
    expect(readNumberText(n.quantity, '0', true).error).toBe(c.quantityPositive);
    expect(readNumberText(n.quantity, 'beaucoup', true).error).toBe('Saisissez un nombre, par exemple 0,25');
    expect(readNumberText(n.servings, 'x', true).error).toBe('Saisissez un nombre entier, par exemple 4');
  });

  it('gives zod schemas for react-hook-form: text in, number out', () => {
    expect(requiredNumberText(n.servings).parse('4')).toBe(4);
    expect(optionalNumberText(n.price).parse('')).toBeNull();
    expect(optionalNumberText(n.price).parse('9.50')).toBe(9.5);
    const refused = optionalNumberText(n.price).safeParse('0');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(c.pricePositive);
  });
});

describe('the API schema', () => {
  const recipe = (patch: Record<string, unknown>, line: Record<string, unknown> = {}) =>
    recipeInputSchema.safeParse({
      name: 'Tarte',
      servings: 4,
      ingredients: [{ code: '16400', quantity: 0.25, unit: 'kg', ...line }],
      allergens: [],
      dietaryInfo: [],
      ...patch,
    });
  const fields = (result: ReturnType<typeof recipe>) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('refuses a quantity, weight, density or price that is not greater than 0, on its field', () => {
    expect(fields(recipe({}, { quantity: -5 }))).toEqual({ 'ingredients.0.quantity': c.quantityPositive });
    expect(fields(recipe({}, { quantity: 0 }))).toEqual({ 'ingredients.0.quantity': c.quantityPositive });
    expect(fields(recipe({}, { quantity: '0,25' }))).toEqual({ 'ingredients.0.quantity': n.quantity.messages.invalid });
    expect(fields(recipe({}, { unit: 'ml', gramsPerMl: 0 }))).toEqual({
      'ingredients.0.gramsPerMl': c.gramsPerMlRequired,
    });
    expect(fields(recipe({ price: 0 }))).toEqual({ price: c.pricePositive });
    expect(fields(recipe({ cookedWeightG: 0.01 }))).toEqual({ cookedWeightG: c.cookedWeightPositive });
    expect(recipe({ price: 9.5, fruitVegLegumePercent: 0 }, { unit: 'l', gramsPerMl: 0.92 }).success).toBe(true);
  });

  it('keeps the number rule on a JSON number only', () => {
    expect(ruleNumber(n.quantity).safeParse(0.25).success).toBe(true);
    expect(ruleNumber(n.quantity).safeParse('0.25').success).toBe(false);
  });
});
