import { organisationMessages as o } from '../../shared/api/organisations.ts';
import { messages } from '../../shared/messages.ts';

const c = messages.constraints;

/** CHECK constraint names of the schema → the field and French message they protect. */
export const constraintMessages: Record<string, { field: string; message: string }> = {
  recipes_name_check: { field: 'name', message: c.nameRequired },
  recipes_servings_check: { field: 'servings', message: c.servingsPositive },
  recipes_prep_time_check: { field: 'prepTime', message: c.prepTimePositive },
  recipes_cook_time_check: { field: 'cookTime', message: c.cookTimePositive },
  recipes_price_check: { field: 'price', message: c.pricePositive },
  recipes_cooked_weight_check: { field: 'cookedWeightG', message: c.cookedWeightPositive },
  recipes_fvl_percent_check: { field: 'fruitVegLegumePercent', message: c.percentRange },
  recipe_ingredients_quantity_check: { field: 'quantity', message: c.quantityPositive },
  recipe_ingredients_unit_check: { field: 'unit', message: c.unitInvalid },
  recipe_ingredients_unit_weight_check: { field: 'gramsPerUnit', message: c.gramsPerUnitRequired },
  recipe_ingredients_grams_per_unit_check: { field: 'gramsPerUnit', message: c.gramsPerUnitRequired },
  recipe_ingredients_grams_per_ml_check: { field: 'gramsPerMl', message: c.gramsPerMlRequired },
  recipe_ingredients_volume_density_check: { field: 'gramsPerMl', message: c.gramsPerMlRequired },
  recipes_nutri_score_category_check: { field: 'nutriScoreCategory', message: c.nutriScoreCategoryInvalid },
  menus_name_check: { field: 'name', message: c.nameRequired },
  menu_sections_name_check: { field: 'name', message: c.nameRequired },
  menu_items_name_check: { field: 'name', message: c.nameRequired },
  menu_items_price_check: { field: 'price', message: c.priceNotNegative },
  qr_codes_name_check: { field: 'name', message: c.nameRequired },
  organisations_name_check: { field: 'name', message: o.nameRequired },
  establishments_name_check: { field: 'name', message: o.establishmentNameRequired },
  establishments_address_check: { field: 'address', message: o.addressTooLong },
  establishments_postal_code_check: { field: 'postalCode', message: o.postalCodeInvalid },
  establishments_city_check: { field: 'city', message: o.cityTooLong },
  establishments_phone_check: { field: 'phone', message: o.phoneInvalid },
};

interface PgError {
  code?: string;
  constraint?: string;
}

/** The field and message for a CHECK violation (SQLSTATE 23514), or undefined. */
export function checkViolation(error: unknown): { field: string; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as PgError;
  if (code !== '23514' || !constraint) return undefined;
  return constraintMessages[constraint];
}
