import { DINER_TEXTS } from '../../../shared/diner/texts.ts';

/**
 * French texts of the public menu page (docs/product/spec.md « Public menu page (/menu/{id}) »,
 * section 8): the French column of src/shared/diner/texts.ts, where every language lives, plus
 * the texts only ever shown in French.
 */
export const publicMenuTexts = {
  ...DINER_TEXTS.fr,
  /** API error message of GET /api/public/menus/:id (docs/product/spec.md section 8, « Public pages »). */
  notFoundApi: 'Menu non trouvé ou inactif',
} as const;
