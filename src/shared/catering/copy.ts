import { addDays } from './catering.ts';

/**
 * The entries of a copied block: each source entry once per repetition, shifted by `shift`
 * days plus one block length per repetition (a four-week cycle laid over a term).
 */
export function copiedEntries<E extends { date: string }>(
  source: readonly E[],
  shift: number,
  days: number,
  times: number,
): E[] {
  return Array.from({ length: times }, (_, k) =>
    source.map((e) => ({ ...e, date: addDays(e.date, shift + k * days) })),
  ).flat();
}
