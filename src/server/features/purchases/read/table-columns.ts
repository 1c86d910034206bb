import { foldText } from '../../../../shared/allergens.ts';
import { parseDecimal } from '../../../../shared/decimal.ts';

/**
 * Columns of a table file found by their header, whatever its accents, case, underscores or
 * apostrophes (« Prix_HT », « prix ht », « Désignation », « N° d’article »): the sales exports
 * (../sales/sales-table.ts) and the suppliers' price lists (../price-lists/price-list-table.ts).
 */
export const foldHeader = (header: string) =>
  foldText(header)
    .replace(/[’'_°.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Which header holds each column: for each, the first alias a header carries wins (« montant ttc » before « montant »). */
export function findColumns<C extends string>(
  headers: string[],
  aliases: Record<C, string[]>,
): Partial<Record<C, string>> {
  const found: Partial<Record<C, string>> = {};
  const taken = new Set<string>();
  for (const column of Object.keys(aliases) as C[]) {
    for (const alias of aliases[column].map(foldHeader)) {
      const header = headers.find((h) => foldHeader(h) === alias && !taken.has(h));
      if (header) {
        found[column] = header;
        taken.add(header);
        break;
      }
    }
  }
  return found;
}

/** A cell's number, « 12,50 », « 1 250,5 € », « 3.20 EUR »; null when empty, 'invalid' when not a number or beyond 10 million. */
export function cellNumber(value: string | undefined): number | null | 'invalid' {
  const text = (value ?? '').replace(/€|EUR/gi, '').trim();
  const parsed = parseDecimal(text);
  if (parsed.kind === 'empty') return null;
  if (parsed.kind === 'invalid' || Math.abs(parsed.value) > 1e7) return 'invalid';
  return parsed.value;
}
