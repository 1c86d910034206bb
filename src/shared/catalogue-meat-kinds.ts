import { foldText } from './allergens.ts';
import type { MeatKind } from './api/product-vocabulary.ts';

/**
 * The meat a Ciqual food is, in the kinds décret 2022-65 (as re-enacted in 2025) asks restaurants
 * to give the origin of: bovine, porcine, ovine, poultry. Read from the food's name within the
 * meat subgroups (« viandes crues », « viandes cuites », « charcuteries… », « autres produits à
 * base de viande »); the animal named wins over the product's usual meat (« Saucisse de volaille »
 * is poultry, « Saucisse de Toulouse » pork). Horse, rabbit and game are not covered: null.
 */
const ANIMALS: readonly [RegExp, MeatKind][] = [
  [/\b(boeuf|veau|genisse|taurillon|bresaola|corned-beef)\b/, 'bovine'],
  [/\b(porc|porcelet|cochon)\b/, 'porcine'],
  [/\b(agneau|mouton|brebis)\b/, 'ovine'],
  [/\b(poulet|dinde|dindonneau|canard|oie|caille|poule|pintade|chapon|coquelet|volaille|pigeon)\b/, 'volaille'],
];

/** Products of pork unless an animal is named (the charcuterie of the table, by its first word). */
const PORK_PRODUCTS =
  /^(jambon|jambonneau|lard|lardon|saucisse|saucisson|chorizo|bacon|rillettes|poitrine|chipolata|andouille|andouillette|boudin|coppa|pancetta|rosette|mortadelle|salami|cervelas|diot|museau|pate de campagne)\b/;

const MEAT_SUBGROUP = /^(viandes|charcuteries|autres produits a base de viande)/;

export function catalogueMeatKind(name: string, subgroup: string | null | undefined): MeatKind | null {
  if (!MEAT_SUBGROUP.test(foldText(subgroup ?? ''))) return null;
  const folded = foldText(name);
  let found: { kind: MeatKind; at: number } | null = null;
  for (const [pattern, kind] of ANIMALS) {
    const at = pattern.exec(folded)?.index;
    if (at !== undefined && (found === null || at < found.at)) found = { kind, at };
  }
  if (found) return found.kind;
  return PORK_PRODUCTS.test(folded) ? 'porcine' : null;
}
