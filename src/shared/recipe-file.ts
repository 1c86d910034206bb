import type { RecipeInput } from './api/recipes.ts';
import { LINE_UNITS } from './api/recipes.ts';

/**
 * The columns of a recipes file (export, import and the template, issue 17,
 * docs/decisions/0023-costs-import-export.md): one line per ingredient line, the recipe's name
 * repeated. The cost columns are the export's computed facts: an import reads past them (the
 * server computes them again). Numbers as in src/shared/product-file.ts.
 */
export const RECIPE_FILE_HEADERS = [
  'Recette',
  'Portions',
  'Prix TTC (€)',
  'Vente',
  'Coût par portion (€)',
  'Coût matière (%)',
  'Coefficient',
  'Ingrédient',
  'Type',
  'Quantité',
  'Unité',
  'Poids d’une unité (g)',
] as const;

export const LINE_KINDS = { ciqual: 'Ciqual', product: 'Mon produit', recipe: 'Sous-recette' } as const;
export type LineKind = keyof typeof LINE_KINDS;
export const SALE_MODE_LABELS = { sur_place: 'sur place', a_emporter: 'à emporter' } as const;

export const RECIPE_FILE_MESSAGES = {
  noHeader: 'La première ligne doit porter les titres des colonnes, dont « Recette »',
  empty: 'Le fichier ne contient aucune ligne de recette',
  noName: 'Le nom de la recette est obligatoire (colonne « Recette »)',
  unknownKind: 'Type : « Ciqual », « Mon produit » ou « Sous-recette »',
  unknownSaleMode: 'Vente : « sur place » ou « à emporter »',
  unknownUnit: `Unité : ${LINE_UNITS.join(', ')}`,
  notFound: (kind: LineKind, name: string) =>
    kind === 'ciqual'
      ? `Aliment Ciqual introuvable : « ${name} » (son nom exact dans la recherche d’ingrédients)`
      : kind === 'product'
        ? `Produit introuvable dans « Mes produits » : « ${name} »`
        : `Sous-recette introuvable : « ${name} » (une de vos recettes, ou une recette plus haut dans le fichier)`,
  notNumber: (header: string) => `${header} : nombre attendu, par exemple 9,80`,
} as const;

/** The template's example: a sub-recipe first, then a dish using it. */
export const RECIPE_TEMPLATE_ROWS: string[][] = [
  [
    'Pâte brisée maison',
    '4',
    '',
    'sur place',
    '',
    '',
    '',
    'Farine de blé tendre ou froment T55 (pour pains)',
    'Ciqual',
    '250',
    'g',
    '',
  ],
  ['Pâte brisée maison', '4', '', 'sur place', '', '', '', 'Beurre à 80% MG minimum, doux', 'Ciqual', '125', 'g', ''],
  ['Quiche lorraine', '6', '12,50', 'sur place', '', '', '', 'Pâte brisée maison', 'Sous-recette', '2', 'portion', ''],
  ['Quiche lorraine', '6', '12,50', 'sur place', '', '', '', 'Oeuf cru', 'Ciqual', '3', 'unité', '50'],
];

/** One ingredient line of the file, with its line number (2 = the first row under the headers). */
export interface FileLine {
  line: number;
  name: string;
  kind: LineKind | null;
  quantity: number | string | null;
  unit: string;
  gramsPerUnit: number | string | null;
}

/** One recipe of the file: its lines in order, its own fields read from its first row. */
export interface FileRecipe {
  name: string;
  firstLine: number;
  servings: number | string | null;
  price: number | string | null;
  saleMode: RecipeInput['saleMode'] | null;
  lines: FileLine[];
}

type FileRow = Record<string, string>;

const cell = (row: FileRow, header: string): string => {
  const key = Object.keys(row).find((k) => k.trim().toLowerCase() === header.toLowerCase());
  return key === undefined ? '' : String(row[key] ?? '').trim();
};

/** « 9,80 », « 9.80 », « 1 234,5 » → a number; blank → null; anything else stays text (refused later). */
export function numberOf(text: string): number | string | null {
  if (text === '') return null;
  const normalized = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : text;
}

const kindOf = (text: string): LineKind | null => {
  const folded = text.trim().toLowerCase();
  return (Object.keys(LINE_KINDS) as LineKind[]).find((k) => LINE_KINDS[k].toLowerCase() === folded) ?? null;
};
const saleModeOf = (text: string): RecipeInput['saleMode'] | null => {
  const folded = text.trim().toLowerCase().replace('a emporter', 'à emporter');
  if (folded === '') return 'sur_place';
  return (
    (Object.keys(SALE_MODE_LABELS) as (keyof typeof SALE_MODE_LABELS)[]).find((k) => SALE_MODE_LABELS[k] === folded) ??
    null
  );
};

/** The file's rows grouped by recipe name, in the order of their first row. */
export function recipesOfRows(rows: readonly FileRow[]): FileRecipe[] {
  const byName = new Map<string, FileRecipe>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const name = cell(row, 'Recette');
    let recipe = byName.get(name);
    if (!recipe) {
      recipe = {
        name,
        firstLine: line,
        servings: numberOf(cell(row, 'Portions')),
        price: numberOf(cell(row, 'Prix TTC (€)')),
        saleMode: saleModeOf(cell(row, 'Vente')),
        lines: [],
      };
      byName.set(name, recipe);
    }
    recipe.lines.push({
      line,
      name: cell(row, 'Ingrédient'),
      kind: kindOf(cell(row, 'Type')),
      quantity: numberOf(cell(row, 'Quantité')),
      unit: cell(row, 'Unité')
        .toLowerCase()
        .replace(/^unite$/, 'unité')
        .replace(/^pincée$/, 'pincee'),
      gramsPerUnit: numberOf(cell(row, 'Poids d’une unité (g)')),
    });
  });
  return [...byName.values()];
}
