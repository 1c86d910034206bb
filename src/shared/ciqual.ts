/** Attribution required by the Etalab 2.0 licence of the Ciqual table (data/ciqual/README.md). */
export const CIQUAL_ATTRIBUTION =
  'Données nutritionnelles : Anses. 2025. Table de composition nutritionnelle des aliments Ciqual ' +
  '(version du 03/11/2025). https://ciqual.anses.fr/ — Licence Ouverte Etalab 2.0. Valeurs retraitées ' +
  '(format, valeurs « traces » et « < x » converties) ; calculs de recettes réalisés par l’application.';

export const CIQUAL_URL = 'https://ciqual.anses.fr/';
