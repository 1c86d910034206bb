import { DINER_TEXTS } from '../../../shared/diner/texts.ts';

/**
 * French texts of the public menu page (docs/product/spec.md « Public menu page (/menu/{id}) »,
 * section 8): the French column of src/shared/diner/texts.ts, where every language lives, plus
 * the texts only ever shown in French.
 */
export const publicMenuTexts = {
  ...DINER_TEXTS.fr,
  // The prices slice's texts, in French only until they join src/shared/diner/texts.ts.
  /**
   * The price mention at the end of the menu (arrêté du 27 mars 1987, docs/product/decisions.md 18):
   * prices are TTC and service included.
   */
  priceMention: 'Prix nets, service compris',
  /** Screen readers hear « Prix : 12,50 € ». */
  priceLabel: 'Prix :',
  /** Next to a homemade dish (code de la consommation L. 122-19, décret 2014-797). */
  homemade: 'Fait maison',
  /**
   * The explanatory sentence under the menu when a dish is homemade: no longer required since
   * décret 2015-505, still allowed and useful to diners (docs/decisions/0019-public-menu-for-diners.md).
   */
  homemadeLegend: 'Les plats « faits maison » sont élaborés sur place à partir de produits bruts.',
  /** Heading of the meat origin lines (décret 2002-1465 as amended in 2025). */
  meatOrigin: 'Origine des viandes :',
  /** API error message of GET /api/public/menus/:id (docs/product/spec.md section 8, « Public pages »). */
  notFoundApi: 'Menu non trouvé ou inactif',
} as const;
