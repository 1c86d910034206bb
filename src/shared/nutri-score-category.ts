import { foldText } from './allergens.ts';
import type { NutriScoreCategory } from './nutriscore.ts';
import type { NutriScoreChoice } from './nutri-score-labels.ts';

export { NUTRISCORE_CHOICES, type NutriScoreChoice } from './nutri-score-labels.ts';

/**
 * Which Nutri-Score table a recipe is scored with (docs/product/decisions.md 22, docs/product/nutri-score.md).
 * The owner chooses; `auto`, the default, follows the Ciqual groups of the ingredients by weight.
 * Readings: docs/decisions/0033-nutri-score-2023-and-rounding.md.
 *
 * What an ingredient weighs in the choice: a water, a drink (juices, sodas, teas, milks, plant
 * drinks, alcoholic drinks), a fat (oils, butters, margarines, nuts and oilseeds), a cheese, a
 * « savoury » food that makes a dish a dish (vegetables, legumes, potatoes, meat, fish, eggs,
 * cereal products, composed dishes), or none of these (fruit, sugar, spices…).
 */
export type NutriKind = 'water' | 'drink' | 'fat' | 'cheese' | 'savoury' | null;

export interface KindSource {
  name: string;
  group?: string | null | undefined;
  subgroup?: string | null | undefined;
}

const SAVOURY_SUBGROUPS = /^(legumes|legumineuses|pommes de terre et autres tubercules)$/;
const SAVOURY_GROUPS = /^(viandes, oeufs, poissons|produits cerealiers|entrees et plats composes)$/;

/** The kind of a Ciqual food, from its group and subgroup (data/ciqual/ciqual.csv). */
export function nutriKindOf(food: KindSource): NutriKind {
  const group = foldText(food.group ?? '');
  const subgroup = foldText(food.subgroup ?? '');
  const name = foldText(food.name);
  if (subgroup === 'eaux') return 'water';
  // Powders, syrups and concentrates are made into drinks, they are not drunk as they are.
  const powder = /\bpoudre\b|^(sirop|boisson concentree|specialite a diluer|lait concentre)\b|a diluer$/.test(name);
  if ((group === 'eaux et autres boissons' || subgroup === 'laits') && !powder) return 'drink';
  if (group === 'matieres grasses' || subgroup === 'fruits a coque et graines oleagineuses') return 'fat';
  if (subgroup === 'fromages et alternatives vegetales') return 'cheese';
  if (SAVOURY_SUBGROUPS.test(subgroup) || SAVOURY_GROUPS.test(group)) return 'savoury';
  return null;
}

/** A sub-recipe counts as what its own table says. */
export function nutriKindOfCategory(category: NutriScoreCategory | undefined): NutriKind {
  if (category === 'water') return 'water';
  if (category === 'beverage') return 'drink';
  if (category === 'fats') return 'fat';
  if (category === 'cheese') return 'cheese';
  return null;
}

export interface KindLine {
  name: string;
  kind: NutriKind | undefined;
  /** Grams of the line; null when unknown (« unité » without a weight): left out of the shares. */
  grams: number | null;
}

export interface CategoryChoice {
  category: NutriScoreCategory;
  /** Why, in the owner's words: the shares and the ingredients behind them, or « choisi par vous ». */
  reason: string;
  /** The ingredients that are not waters, when the table is « eaux » (the grade needs none). */
  notWater: string[];
}

const percent = (share: number) => `${Math.round(share * 100)} %`;
const names = (lines: KindLine[]) => [...new Set(lines.map((l) => l.name))].join(', ');

/** A dish is a drink when drinks weigh this share or more and savoury foods less than the next. */
const DRINK_SHARE = 0.5;
const SAVOURY_IN_DRINK = 0.1;
/** Fats and cheeses decide the table from half the weight. */
const MAJOR_SHARE = 0.5;

/**
 * The table applied and why. Automatic: only waters → eaux; drinks (waters included) at least
 * half the weight with under 10 % of savoury foods → boissons (a smoothie, a lemonade, but not a
 * soup); fats, oils, nuts and seeds at least half → matières grasses (a vinaigrette, a pesto);
 * cheeses at least half → fromages; otherwise aliments.
 */
export function chooseCategory(lines: readonly KindLine[], choice: NutriScoreChoice = 'auto'): CategoryChoice {
  const weighed = lines.filter((l) => l.grams !== null && l.grams > 0);
  const total = weighed.reduce((sum, l) => sum + (l.grams ?? 0), 0);
  const of = (...kinds: NutriKind[]) => weighed.filter((l) => kinds.includes(l.kind ?? null));
  const share = (part: KindLine[]) => (total > 0 ? part.reduce((sum, l) => sum + (l.grams ?? 0), 0) / total : 0);
  const notWater = [...new Set(lines.filter((l) => l.kind !== 'water').map((l) => l.name))];
  if (choice !== 'auto') {
    return { category: choice, reason: 'Tableau choisi par vous', notWater: choice === 'water' ? notWater : [] };
  }
  const waters = of('water');
  if (lines.length > 0 && notWater.length === 0)
    return { category: 'water', reason: `Eau : tous les ingrédients sont des eaux (${names(waters)})`, notWater };
  const drinks = of('water', 'drink');
  if (share(drinks) >= DRINK_SHARE && share(of('savoury')) < SAVOURY_IN_DRINK)
    return {
      category: 'beverage',
      reason: `Boisson : les boissons font ${percent(share(drinks))} du poids (${names(drinks)})`,
      notWater: [],
    };
  const fats = of('fat');
  if (share(fats) >= MAJOR_SHARE)
    return {
      category: 'fats',
      reason: `Matières grasses : huiles, graisses, fruits à coque et graines font ${percent(share(fats))} du poids (${names(fats)})`,
      notWater: [],
    };
  const cheeses = of('cheese');
  if (share(cheeses) >= MAJOR_SHARE)
    return {
      category: 'cheese',
      reason: `Fromage : les fromages font ${percent(share(cheeses))} du poids (${names(cheeses)})`,
      notWater: [],
    };
  return {
    category: 'general',
    reason: 'Aliment : ni boisson, ni matière grasse, ni fromage pour la moitié du poids au moins',
    notWater: [],
  };
}
