import { DINER_TEXTS } from '../../../shared/diner/texts.ts';

/**
 * French texts of the public menu page (docs/product/spec.md « Public menu page (/menu/{id}) »,
 * section 8): the French column of src/shared/diner/texts.ts, where every language lives, plus
 * the texts only ever shown in French.
 */
export const publicMenuTexts = {
  ...DINER_TEXTS.fr,
  // The prices slice's texts, in French only until they join src/shared/diner/texts.ts.
  /** Heading of the meat origin lines (décret 2002-1465 as amended in 2025). */
  meatOrigin: 'Origine des viandes :',
  /** API error message of GET /api/public/menus/:id (docs/product/spec.md section 8, « Public pages »). */
  notFoundApi: 'Menu non trouvé ou inactif',
} as const;
