/**
 * Quantities in the units a cook orders (docs/product/meal-plans.md « Production sheet and
 * order list »): kilograms for what is weighed, litres for liquids, pieces for what is counted
 * (eggs, fruit), portions of a base that cannot be weighed. Always rounded up: a sheet that
 * rounds down leaves a child without a portion.
 */
export type AmountKind = 'mass' | 'volume' | 'pieces' | 'portions';
export type OrderUnit = 'g' | 'kg' | 'l' | 'pièces' | 'portions';

/** A line's unit → what it measures (grams, millilitres, pieces, portions). */
export function amountOf(
  quantity: number,
  unit: string,
  grams: number | null,
): { kind: AmountKind; value: number } | null {
  if (unit === 'g') return { kind: 'mass', value: quantity };
  if (unit === 'kg') return { kind: 'mass', value: quantity * 1000 };
  if (unit === 'ml') return { kind: 'volume', value: quantity };
  if (unit === 'l') return { kind: 'volume', value: quantity * 1000 };
  if (unit === 'cl') return { kind: 'volume', value: quantity * 10 };
  if (unit === 'unité') return { kind: 'pieces', value: quantity };
  if (unit === 'portion')
    return grams !== null ? { kind: 'mass', value: grams } : { kind: 'portions', value: quantity };
  return grams !== null ? { kind: 'mass', value: grams } : null;
}

const up = (value: number, step: number) => Math.ceil(value / step - 1e-9) * step;
const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** « 21,9 kg », « 850 g », « 2,5 l », « 264 pièces »: rounded up to a step a cook can weigh. */
export function displayAmount(kind: AmountKind, value: number): { quantity: number; unit: OrderUnit } {
  if (kind === 'mass') {
    if (value < 100) return { quantity: up(value, 1), unit: 'g' };
    if (value < 1000) return { quantity: up(value, 10), unit: 'g' };
    return { quantity: round(up(value / 1000, 0.1), 1), unit: 'kg' };
  }
  if (kind === 'volume') return { quantity: round(up(value / 1000, value < 1000 ? 0.05 : 0.1), 2), unit: 'l' };
  return { quantity: up(value, 1), unit: kind === 'pieces' ? 'pièces' : 'portions' };
}

/** One total per ingredient and kind, kept in the order they were first met. */
export class AmountTotals {
  private readonly rows = new Map<string, { key: string; name: string; kind: AmountKind; value: number }>();

  add(key: string, name: string, kind: AmountKind, value: number): void {
    const id = `${key}|${kind}`;
    const row = this.rows.get(id);
    if (row) row.value += value;
    else this.rows.set(id, { key, name, kind, value });
  }

  list(): { key: string; name: string; kind: AmountKind; value: number }[] {
    return [...this.rows.values()];
  }
}

export type PackUnit = 'kg' | 'l' | 'unité';
export interface Pack {
  quantity: number;
  unit: PackUnit;
}

/**
 * The packs to order for an amount: « colis de 5 kg » for 12,3 kg is 3 colis. Pieces fill a
 * pack by weight when each piece's weight is known. Null when the pack does not measure the
 * same thing (a pack in kg for a liquid of unknown density).
 */
export function packsFor(
  kind: AmountKind,
  value: number,
  pack: Pack,
  gramsPerPiece: number | null,
): { packs: number; quantity: number; unit: OrderUnit } | null {
  const inPackUnit =
    pack.unit === 'kg'
      ? kind === 'mass'
        ? value / 1000
        : kind === 'pieces' && gramsPerPiece
          ? (value * gramsPerPiece) / 1000
          : null
      : pack.unit === 'l'
        ? kind === 'volume'
          ? value / 1000
          : null
        : kind === 'pieces'
          ? value
          : null;
  if (inPackUnit === null || pack.quantity <= 0) return null;
  const packs = Math.max(1, Math.ceil(inPackUnit / pack.quantity - 1e-9));
  const quantity = round(packs * pack.quantity, 3);
  return { packs, quantity, unit: pack.unit === 'unité' ? 'pièces' : pack.unit };
}
