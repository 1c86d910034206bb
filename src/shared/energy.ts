/**
 * Energy of a label that gives it in one unit only (kcal, or kJ), completed as annex XIV of
 * Regulation (EU) 1169/2011 says: from the nutrients, with the conversion factors per gram —
 * fat 37 kJ / 9 kcal, carbohydrate (except polyols) 17 / 4, protein 17 / 4, fibre 8 / 2, polyols
 * 10 / 2,4, alcohol 29 / 7, organic acids 13 / 3. A label of NutriCarte's products states fat,
 * carbohydrate, protein and optionally fibre (polyols, alcohol and organic acids are not asked:
 * they count 0, and a fibre not stated counts 0). Only when fat, carbohydrate or protein is
 * unknown does the other unit come from a conversion of the stated one (1 kcal = 4,184 kJ), and
 * the product says so. Readings: docs/decisions/0033-nutri-score-2023-and-rounding.md.
 */
export const ANNEX_XIV = {
  fat: { kj: 37, kcal: 9 },
  carbs: { kj: 17, kcal: 4 },
  protein: { kj: 17, kcal: 4 },
  fiber: { kj: 8, kcal: 2 },
  polyols: { kj: 10, kcal: 2.4 },
  alcohol: { kj: 29, kcal: 7 },
  organicAcids: { kj: 13, kcal: 3 },
} as const;

export const KJ_PER_KCAL = 4.184;

/** Where a value of energy comes from: the label, the nutrients (annex XIV), or a conversion of the other unit. */
export type EnergySource = 'label' | 'nutrients' | 'conversion';

export interface LabelNutrients {
  energyKj: number | null;
  energyKcal: number | null;
  fat: number | null;
  carbs: number | null;
  protein: number | null;
  fiber: number | null;
}

export interface CompletedEnergy {
  energyKj: number | null;
  energyKcal: number | null;
  kjSource: EnergySource | null;
  kcalSource: EnergySource | null;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Energy from the nutrients in one unit, or null when fat, carbohydrate or protein is unknown. */
export function energyFromNutrients(n: LabelNutrients, unit: 'kj' | 'kcal'): number | null {
  if (n.fat === null || n.carbs === null || n.protein === null) return null;
  const sum =
    n.fat * ANNEX_XIV.fat[unit] +
    n.carbs * ANNEX_XIV.carbs[unit] +
    n.protein * ANNEX_XIV.protein[unit] +
    (n.fiber ?? 0) * ANNEX_XIV.fiber[unit];
  return oneDecimal(sum);
}

/** Both units of a label's energy: as stated, else from the nutrients, else converted from the other unit. */
export function completeEnergy(n: LabelNutrients): CompletedEnergy {
  const complete = (stated: number | null, unit: 'kj' | 'kcal', other: number | null) => {
    if (stated !== null) return { value: stated, source: 'label' as const };
    const computed = energyFromNutrients(n, unit);
    if (computed !== null) return { value: computed, source: 'nutrients' as const };
    if (other === null) return { value: null, source: null };
    return {
      value: oneDecimal(unit === 'kj' ? other * KJ_PER_KCAL : other / KJ_PER_KCAL),
      source: 'conversion' as const,
    };
  };
  const kj = complete(n.energyKj, 'kj', n.energyKcal);
  const kcal = complete(n.energyKcal, 'kcal', n.energyKj);
  return { energyKj: kj.value, energyKcal: kcal.value, kjSource: kj.source, kcalSource: kcal.source };
}

/** What the product page says of an energy it completed (null when the label gave both units). */
export function energySourceNote(energy: CompletedEnergy): string | null {
  const computed = (['kJ', 'kcal'] as const).filter((_, i) => [energy.kjSource, energy.kcalSource][i] === 'nutrients');
  const converted = (['kJ', 'kcal'] as const).filter(
    (_, i) => [energy.kjSource, energy.kcalSource][i] === 'conversion',
  );
  if (computed.length > 0)
    return `Énergie en ${computed.join(' et ')} calculée depuis les nutriments (coefficients de l’annexe XIV du règlement (UE) 1169/2011)`;
  if (converted.length > 0)
    return `Énergie en ${converted.join(' et ')} convertie (1 kcal = 4,184 kJ) faute de matières grasses, glucides et protéines connus`;
  return null;
}
