import { z } from '../zod-fr.ts';
import { POPULATIONS, type Population } from '../catering/catering.ts';
import {
  COVERS_MAX,
  ESTABLISHMENT_KINDS,
  isValidSiret,
  NO_COVERS,
  SCHOOL_ZONES,
  WEEKDAYS,
  type CoversPerDay,
  type EstablishmentKind,
  type SchoolZone,
} from '../catering/establishment.ts';

/**
 * A canteen's profile on its establishment (docs/product/api.md « Collective catering »:
 * Establishment gains `kind`, `siret`, `schoolZone`, `coversPerDay`, `wednesdaysClosed`), with
 * NutriCarte's additions (dinner and goûter covers, age mix, validation before publication).
 * Every field is optional on input: a field left out keeps its value.
 */
export const establishmentProfileMessages = {
  kindInvalid: 'Type d’établissement inconnu',
  siretInvalid:
    'SIRET invalide\u00a0: 14 chiffres dont le dernier est une clé de contrôle (vérifiez-le sur annuaire-entreprises.data.gouv.fr)',
  zoneInvalid: 'Zone scolaire invalide (A, B, C, Corse ou outre-mer)',
  coversInvalid: 'Nombre de couverts invalide (entier de 0 à 100\u00a0000)',
  ageMixInvalid: 'La répartition par âge doit totaliser 100\u00a0% (ou rester vide)',
  booleanInvalid: 'Valeur invalide (oui ou non)',
} as const;
const m = establishmentProfileMessages;

const coversSchema = z
  .number({ error: m.coversInvalid })
  .int(m.coversInvalid)
  .min(0, m.coversInvalid)
  .max(COVERS_MAX, m.coversInvalid);
const weekSchema = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((d) => [d, coversSchema.optional()])) as Record<
    (typeof WEEKDAYS)[number],
    z.ZodOptional<typeof coversSchema>
  >,
  { error: m.coversInvalid },
);
const percentSchema = z
  .number({ error: m.ageMixInvalid })
  .int(m.ageMixInvalid)
  .min(0, m.ageMixInvalid)
  .max(100, m.ageMixInvalid);

export const establishmentProfileSchema = z.object({
  kind: z.enum(ESTABLISHMENT_KINDS, { error: m.kindInvalid }).nullish(),
  siret: z
    .string({ error: m.siretInvalid })
    .max(40, m.siretInvalid)
    .transform((v) => v.replace(/[\s.]/g, ''))
    .refine((v) => v === '' || isValidSiret(v), m.siretInvalid)
    .transform((v) => v || null)
    .nullish(),
  schoolZone: z.enum(SCHOOL_ZONES, { error: m.zoneInvalid }).nullish(),
  /** Lunch covers per weekday. */
  coversPerDay: weekSchema.optional(),
  /** Dinner and goûter covers per weekday. */
  coversPerService: z
    .strictObject({ diner: weekSchema.optional(), gouter: weekSchema.optional() }, { error: m.coversInvalid })
    .optional(),
  ageMix: z
    .strictObject(
      Object.fromEntries(POPULATIONS.map((p) => [p, percentSchema.optional()])) as Record<
        Population,
        z.ZodOptional<typeof percentSchema>
      >,
      { error: m.ageMixInvalid },
    )
    .refine((mix) => {
      const total = Object.values(mix).reduce<number>((s, v) => s + (v ?? 0), 0);
      return total === 0 || total === 100;
    }, m.ageMixInvalid)
    .optional(),
  wednesdaysClosed: z.boolean({ error: m.booleanInvalid }).optional(),
  needsValidation: z.boolean({ error: m.booleanInvalid }).optional(),
});
export type EstablishmentProfileInput = z.output<typeof establishmentProfileSchema>;

/** What an Establishment's JSON carries of its profile. */
export interface EstablishmentProfile {
  kind: EstablishmentKind | null;
  siret: string | null;
  schoolZone: SchoolZone | null;
  coversPerDay: CoversPerDay;
  coversPerService: { diner: CoversPerDay; gouter: CoversPerDay };
  /** The owner's mix in percent (all 0: not said). */
  ageMix: Record<Population, number>;
  /** The mix the plan uses: the owner's, else the kind's (src/shared/catering/establishment.ts `ageMixOf`). */
  ageMixInUse: Record<Population, number>;
  wednesdaysClosed: boolean;
  needsValidation: boolean;
}

export const fullWeek = (week: Partial<CoversPerDay> | undefined): CoversPerDay => ({ ...NO_COVERS, ...week });
