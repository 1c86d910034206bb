import { foldText } from './allergens.ts';

/**
 * Usual weight of one piece, to pre-fill « unité » lines (DECISIONS.md 9). Edible part,
 * medium size; the owner can always correct it.
 */
const DEFAULTS: [RegExp, number][] = [
  [/^oeuf/, 55],
  [/^jaune d'oeuf/, 18],
  [/^blanc d'oeuf/, 33],
  [/^citron/, 100],
  [/^orange/, 180],
  [/^pomme de terre/, 150],
  [/^pomme/, 150],
  [/^banane/, 120],
  [/^tomate cerise/, 15],
  [/^tomate/, 120],
  [/^oignon/, 100],
  [/^echalote/, 25],
  [/^ail/, 5],
  [/^carotte/, 100],
  [/^courgette/, 250],
  [/^poivron/, 160],
  [/^avocat/, 150],
  [/^concombre/, 300],
  [/^aubergine/, 300],
  [/^kiwi/, 75],
  [/^poire/, 150],
  [/^peche/, 130],
];

export function defaultGramsPerUnit(foodName: string): number | null {
  const name = foldText(foodName);
  return DEFAULTS.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}
