import type { Product, ProductInput } from './api/products.ts';
import { MEAT_KINDS, PRICE_UNITS, PRODUCT_LABELS, PRODUCT_NUTRIENTS, type ProductNutrient } from './api/products.ts';

/**
 * The columns of a products file (import, export and the template, docs/decisions/0018-products-sub-recipes-costs.md): French
 * headers a supplier's sheet can be renamed to; numbers in French (« 9,80 ») or with a
 * point; lists separated by « ; ». One source for the three (docs/decisions/0023-costs-import-export.md).
 */
const PRODUCT_FILE_NUTRIENTS: Record<ProductNutrient, string> = {
  energyKj: 'Énergie (kJ)',
  energyKcal: 'Énergie (kcal)',
  fat: 'Matières grasses (g)',
  saturatedFat: 'dont acides gras saturés (g)',
  carbs: 'Glucides (g)',
  sugars: 'dont sucres (g)',
  fiber: 'Fibres (g)',
  protein: 'Protéines (g)',
  salt: 'Sel (g)',
};

export const PRODUCT_FILE_HEADERS = [
  'Nom',
  'Fournisseur',
  ...PRODUCT_NUTRIENTS.map((n) => PRODUCT_FILE_NUTRIENTS[n]),
  'Allergènes',
  'Traces',
  'Prix HT (€)',
  'Prix par',
  'Poids d’une unité (g)',
  'Origine',
  'Viande',
  'Labels',
] as const;

export const PRODUCT_FILE_MESSAGES = {
  noHeader: 'La première ligne doit porter les titres des colonnes, dont « Nom »',
  unreadable: 'Fichier illisible : envoyez un CSV (séparateur virgule ou point-virgule) ou un classeur Excel (.xlsx)',
  empty: 'Le fichier ne contient aucune ligne de produit',
  tooManyRows: 'Au plus 10 000 lignes par fichier',
  cellTooLong: (line?: number) =>
    `Une cellule dépasse 4 000 caractères${line ? ` (ligne ${line})` : ''} : raccourcissez-la, rien n’a été lu`,
  tooManyColumns: 'Au plus 200 colonnes par fichier',
  cellOutsideColumns: (line?: number) =>
    `Une valeur est écrite hors des colonnes titrées${line ? ` (ligne ${line})` : ''} : une virgule décimale dans un fichier séparé par des virgules ? Rien n’a été lu`,
  tooLarge: 'Fichier trop volumineux une fois décompressé : au plus 10 000 lignes et 64 Mo de données',
  busy: 'Un fichier de votre organisation est déjà en cours de lecture : réessayez quand il est terminé',
  serverBusy: 'Le serveur lit déjà plusieurs fichiers : réessayez dans une minute',
  notNumber: (header: string) => `${header} : nombre attendu, par exemple 9,80`,
} as const;

export const MAX_IMPORT_ROWS = 10_000;
/** The bounds of a file read (src/server/lib/table-file-reader.ts); the messages above name them. */
export const MAX_IMPORT_CELL_CHARS = 4_000;
export const MAX_IMPORT_COLUMNS = 200;
export const MAX_IMPORT_UNPACKED_BYTES = 64 * 1024 * 1024;
/** A cell longer than this is cut in a preview (a name shown next to its problems, a problem naming a cell). */
const PREVIEW_CELL_CHARS = 120;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** A preview's rows with their names and problems cut: a file's 4,000-character cell never comes back whole. */
export const cutPreviewRows = (rows: RowProblems[]): RowProblems[] =>
  rows.map((row) => ({
    line: row.line,
    name: cut(row.name, PREVIEW_CELL_CHARS),
    problems: row.problems.map((problem) => cut(problem, PREVIEW_CELL_CHARS * 3)),
  }));

/** A file's row as text by header (headers compared without case, accents kept). */
export type FileRow = Record<string, string>;

const cell = (row: FileRow, header: string): string => {
  const key = Object.keys(row).find((k) => k.trim().toLowerCase() === header.toLowerCase());
  return key === undefined ? '' : String(row[key] ?? '').trim();
};
const list = (text: string) =>
  text
    .split(/[;,]/)
    .map((v) => v.trim())
    .filter(Boolean);

/** « 9,80 », « 9.80 », « 1 234,5 » → a number; blank → null; anything else stays text (the schema refuses it). */
function numberOf(text: string): number | string | null {
  if (text === '') return null;
  const normalized = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : text;
}

/** A file row as ProductInput, for productInputSchema to judge. */
export function productInputOfRow(row: FileRow): { input: ProductInput; notNumbers: string[] } {
  const notNumbers: string[] = [];
  const num = (header: string) => {
    const value = numberOf(cell(row, header));
    if (typeof value === 'string') notNumbers.push(header);
    return typeof value === 'number' ? value : null;
  };
  const amount = num('Prix HT (€)');
  const per = cell(row, 'Prix par')
    .toLowerCase()
    .replace(/^unite$/, 'unité')
    .replace(/^litre$/, 'l');
  const meat = cell(row, 'Viande').toLowerCase();
  return {
    input: {
      name: cell(row, 'Nom'),
      supplier: cell(row, 'Fournisseur') || null,
      per100g: Object.fromEntries(PRODUCT_NUTRIENTS.map((n) => [n, num(PRODUCT_FILE_NUTRIENTS[n])])) as NonNullable<
        ProductInput['per100g']
      >,
      allergens: list(cell(row, 'Allergènes')),
      traces: list(cell(row, 'Traces')),
      price: amount === null ? null : { amount, per: (per || 'kg') as (typeof PRICE_UNITS)[number] },
      gramsPerUnit: num('Poids d’une unité (g)'),
      origin: cell(row, 'Origine') || null,
      meatKind: meat === '' ? null : (meat as (typeof MEAT_KINDS)[number]),
      labels: list(cell(row, 'Labels')) as (typeof PRODUCT_LABELS)[number][],
    },
    notNumbers,
  };
}

const frenchNumber = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/** A product as a file row, in PRODUCT_FILE_HEADERS order (export; an import of it gives it back). */
export function rowOfProduct(p: Product): string[] {
  return [
    p.name,
    p.supplier ?? '',
    ...PRODUCT_NUTRIENTS.map((n) => frenchNumber(p.per100g[n])),
    p.allergens.join('; '),
    p.traces.join('; '),
    frenchNumber(p.price?.amount ?? null),
    p.price?.per ?? '',
    frenchNumber(p.gramsPerUnit),
    p.origin ?? '',
    p.meatKind ?? '',
    p.labels.join('; '),
  ];
}

/** The template's example line. */
export const TEMPLATE_ROW: string[] = [
  'Beurre doux AOP',
  'Laiterie Z',
  '3065',
  '745',
  '82',
  '52',
  '0,5',
  '0,5',
  '0',
  '0,7',
  '0,05',
  'Lait',
  '',
  '9,80',
  'kg',
  '',
  'France',
  '',
  'aop_aoc',
];

/** One problem list per row number (the file's line: 2 is the first row under the headers). */
export interface RowProblems {
  line: number;
  name: string;
  problems: string[];
}
export interface ImportPreview {
  total: number;
  valid: number;
  rows: RowProblems[];
}
