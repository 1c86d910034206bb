import type { Selectable } from 'kysely';
import {
  fullWeek,
  type EstablishmentProfile,
  type EstablishmentProfileInput,
} from '../../shared/api/establishment-profile.ts';
import { ageMixOf, type CoversByService } from '../../shared/catering/establishment.ts';
import { POPULATIONS, type Population } from '../../shared/catering/catering.ts';
import type { EstablishmentsTable } from '../db/schema.ts';

/**
 * An establishment's canteen profile (migration 0024): the columns, their JSON, and the update
 * of the fields an input gives (a field left out keeps its value). Read by the establishments'
 * routes and by the meal plans (src/server/features/meal-plans/plan-context.ts).
 */
export const PROFILE_COLUMNS = [
  'kind',
  'siret',
  'school_zone',
  'covers',
  'age_mix',
  'wednesdays_closed',
  'needs_validation',
] as const;
type ProfileRow = Pick<Selectable<EstablishmentsTable>, (typeof PROFILE_COLUMNS)[number]>;

export function toProfile(row: ProfileRow): EstablishmentProfile {
  const covers = row.covers ?? {};
  return {
    kind: row.kind,
    siret: row.siret,
    schoolZone: row.school_zone,
    coversPerDay: fullWeek(covers.dejeuner),
    coversPerService: { diner: fullWeek(covers.diner), gouter: fullWeek(covers.gouter) },
    ageMix: Object.fromEntries(POPULATIONS.map((p) => [p, row.age_mix?.[p] ?? 0])) as Record<Population, number>,
    ageMixInUse: ageMixOf(row.age_mix ?? {}, row.kind),
    wednesdaysClosed: row.wednesdays_closed,
    needsValidation: row.needs_validation,
  };
}

/** The columns to write for the profile fields `input` gives, over the stored covers. */
export function profileColumns(input: EstablishmentProfileInput, stored: CoversByService = {}) {
  const covers: CoversByService = { ...stored };
  if (input.coversPerDay) covers.dejeuner = fullWeek(input.coversPerDay);
  if (input.coversPerService?.diner) covers.diner = fullWeek(input.coversPerService.diner);
  if (input.coversPerService?.gouter) covers.gouter = fullWeek(input.coversPerService.gouter);
  return {
    ...(input.kind !== undefined ? { kind: input.kind } : {}),
    ...(input.siret !== undefined ? { siret: input.siret } : {}),
    ...(input.schoolZone !== undefined ? { school_zone: input.schoolZone } : {}),
    ...(input.coversPerDay || input.coversPerService ? { covers: JSON.stringify(covers) } : {}),
    ...(input.ageMix ? { age_mix: JSON.stringify(input.ageMix) } : {}),
    ...(input.wednesdaysClosed !== undefined ? { wednesdays_closed: input.wednesdaysClosed } : {}),
    ...(input.needsValidation !== undefined ? { needs_validation: input.needsValidation } : {}),
  };
}
