import type { EgalimTotals } from '../../../shared/catering/egalim.ts';

/**
 * The « bilan simple » import of « ma cantine » (betagouv/ma-cantine,
 * data/schemas/imports/bilans_simple_siret.json; docs/product/meal-plans.md « EGalim »), one
 * line for one establishment and one year. Values are euros excluding VAT with a decimal
 * point; what NutriCarte does not know (SIRET, French origin) is left empty for the owner.
 */
const MA_CANTINE_COLUMNS = [
  'siret',
  'année_bilan',
  'valeur_totale',
  'valeur_bio',
  'valeur_bio_dont_commerce_equitable',
  'valeur_siqo',
  'valeur_externalites_performance',
  'valeur_egalim_autres',
  'valeur_egalim_autres_dont_commerce_equitable',
  'valeur_viandes_volailles',
  'valeur_viandes_volailles_egalim',
  'valeur_viandes_volailles_france',
  'valeur_produits_de_la_mer',
  'valeur_produits_de_la_mer_egalim',
  'valeur_produits_de_la_mer_france',
  'valeur_fruits_et_legumes_france',
  'valeur_charcuterie_france',
  'valeur_produits_laitiers_france',
  'valeur_boulangerie_france',
  'valeur_boissons_france',
  'valeur_autres_france',
] as const;

const money = (v: number) => v.toFixed(2);

export function maCantineCsv(year: number, t: EgalimTotals): string {
  const family = (f: keyof EgalimTotals['byFamily']) => Object.values(t.byFamily[f]).reduce((a, b) => a + b, 0);
  const egalimOf = (f: keyof EgalimTotals['byFamily']) => family(f) - t.byFamily[f].non_egalim;
  const values: Record<(typeof MA_CANTINE_COLUMNS)[number], string> = {
    siret: '',
    année_bilan: String(year),
    valeur_totale: money(t.purchaseValue),
    valeur_bio: money(t.organicValue),
    valeur_bio_dont_commerce_equitable: '',
    valeur_siqo: money(t.siqoValue),
    valeur_externalites_performance: money(t.procurementValue),
    valeur_egalim_autres: money(t.otherValue),
    valeur_egalim_autres_dont_commerce_equitable: '',
    valeur_viandes_volailles: money(family('VIANDES_VOLAILLES')),
    valeur_viandes_volailles_egalim: money(egalimOf('VIANDES_VOLAILLES')),
    valeur_viandes_volailles_france: '',
    valeur_produits_de_la_mer: money(family('PRODUITS_DE_LA_MER')),
    valeur_produits_de_la_mer_egalim: money(egalimOf('PRODUITS_DE_LA_MER')),
    valeur_produits_de_la_mer_france: '',
    valeur_fruits_et_legumes_france: '',
    valeur_charcuterie_france: '',
    valeur_produits_laitiers_france: '',
    valeur_boulangerie_france: '',
    valeur_boissons_france: '',
    valeur_autres_france: '',
  };
  return `${MA_CANTINE_COLUMNS.join(',')}\r\n${MA_CANTINE_COLUMNS.map((c) => values[c]).join(',')}\r\n`;
}
