import { foldText } from './allergens.ts';
import { z } from './zod-fr.ts';

/**
 * A product's origin as décret 2002-1465 (amended by décret 2025-141) needs it
 * (docs/decisions/0023-costs-import-export.md « Meat origins from products »). It lives in the
 * product's one `origin` text (migration 0010, at most 100 characters), which holds either
 *  - one country, « France »: the animal was born, reared and slaughtered there (« Origine : France »), or
 *  - the stages in the decree's own words, « Né : Irlande ; Élevé : France ; Abattu : France »
 *    (a stage left out is unknown; pork, lamb and poultry need no birth country).
 * Text in that form, typed or imported from a products file, reads as stages too.
 */
export interface OriginStages {
  born: string | null;
  reared: string | null;
  slaughtered: string | null;
}

export const STAGES = ['born', 'reared', 'slaughtered'] as const;
export type Stage = (typeof STAGES)[number];
const STAGE_WORDS: Record<Stage, string> = { born: 'Né', reared: 'Élevé', slaughtered: 'Abattu' };

export const originStagesMessages = {
  countryTooLong: 'Le nom du pays ne peut pas dépasser 60 caractères',
  countryInvalid: 'Un pays ne contient ni point-virgule ni deux-points',
  tooLong: 'Les noms des pays sont trop longs pour l’origine du produit (100 caractères en tout)',
  both: 'Indiquez un seul pays ou les étapes, pas les deux',
} as const;
const m = originStagesMessages;

/** One stage's country as typed (the product form reads it too). */
export const stageCountryText = z
  .string()
  .trim()
  .max(60, m.countryTooLong)
  .refine((value) => !/[;:]/.test(value), m.countryInvalid);

const country = stageCountryText.nullish().transform((value) => (value ? value : null));

export const originStagesSchema = z
  .object({ born: country, reared: country, slaughtered: country })
  .refine((stages) => (formatOriginStages(stages)?.length ?? 0) <= 100, m.tooLong);

/** « Né : Irlande ; Élevé : France ; Abattu : France », null when no stage is known. */
export function formatOriginStages(stages: OriginStages): string | null {
  const parts = STAGES.filter((stage) => stages[stage]).map((stage) => `${STAGE_WORDS[stage]}\u00a0: ${stages[stage]}`);
  return parts.length ? parts.join(' ; ') : null;
}

const STAGE_PART = /^(Né|Élevé|Abattu)\s*:\s*(.+)$/u;

/** The stages of a text written by formatOriginStages (any spaces), else null. */
export function parseOriginStages(text: string | null): OriginStages | null {
  if (!text) return null;
  const stages: OriginStages = { born: null, reared: null, slaughtered: null };
  for (const part of text.split(';')) {
    const match = STAGE_PART.exec(part.trim());
    if (!match) return null;
    const stage = STAGES.find((s) => STAGE_WORDS[s] === match[1])!;
    if (stages[stage] !== null) return null;
    stages[stage] = match[2]!.trim();
  }
  return stages;
}

/** What a product's origin says of each stage: one country stands for all three; unknown: all null. */
export function originStagesOf(origin: string | null): OriginStages {
  const stages = parseOriginStages(origin);
  if (stages) return stages;
  const country = origin?.trim() || null;
  return { born: country, reared: country, slaughtered: country };
}

/** « Origine France » for « ma cantine »: every stage the origin names is in France, and it names one. */
export function isFrenchOrigin(origin: string | null): boolean {
  const stages = Object.values(originStagesOf(origin)).filter((s): s is string => s !== null);
  return stages.length > 0 && stages.every((s) => foldText(s) === 'france');
}
