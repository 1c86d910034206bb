import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Establishment, EstablishmentInput } from '../../../shared/api/organisations.ts';
import { POPULATION_LABELS, POPULATIONS } from '../../../shared/catering/catering.ts';
import {
  ESTABLISHMENT_KIND_LABELS,
  ESTABLISHMENT_KINDS,
  SCHOOL_ZONE_LABELS,
  SCHOOL_ZONES,
  WEEKDAYS,
} from '../../../shared/catering/establishment.ts';
import { formatSiret } from '../../../shared/legal-notice.ts';

/** The form's values of a canteen's profile (docs/product/meal-plans.md « The establishment and its calendar »). */
export const cateringDefaults = (e: Establishment | null): Partial<EstablishmentInput> => ({
  kind: e?.kind ?? null,
  // Typed and shown in groups of 3, 3, 3 and 5 digits, as on the Insee notice.
  siret: e?.siret ? formatSiret(e.siret) : '',
  schoolZone: e?.schoolZone ?? null,
  coversPerDay: e?.coversPerDay ?? { lundi: 0, mardi: 0, mercredi: 0, jeudi: 0, vendredi: 0, samedi: 0, dimanche: 0 },
  coversPerService: e?.coversPerService,
  ageMix: e?.ageMix,
  wednesdaysClosed: e?.wednesdaysClosed ?? false,
  needsValidation: e?.needsValidation ?? false,
});

/** A whole number typed « 120 », empty as 0 (the browser's own number field). */
const whole = (value: unknown) => (value === '' || value === null ? 0 : Number(String(value).replace(',', '.')));
const orNull = (value: unknown) => (value === '' ? null : value);
const DAY_SHORT = {
  lundi: 'Lun.',
  mardi: 'Mar.',
  mercredi: 'Mer.',
  jeudi: 'Jeu.',
  vendredi: 'Ven.',
  samedi: 'Sam.',
  dimanche: 'Dim.',
};
const input = 'mt-0.5 block h-9 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm';

function Error({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/**
 * « Restauration collective » in the establishment's form: its kind (the SIRET, shared with the legal notice, is above),
 * school zone, covers per weekday and service, age mix, and how its weeks are published.
 */
export function CateringFields({
  register,
  errors,
}: {
  register: UseFormRegister<EstablishmentInput>;
  errors: FieldErrors<EstablishmentInput>;
}) {
  const id = useId();
  const coverRow = (prefix: 'coversPerDay' | 'coversPerService.diner' | 'coversPerService.gouter', legend: string) => (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
        {WEEKDAYS.map((day) => (
          <label key={day} className="text-xs text-stone-600">
            {DAY_SHORT[day]}
            <input
              className={input}
              type="number"
              inputMode="numeric"
              min={0}
              max={100000}
              aria-label={`${legend}, ${day}`}
              {...register(`${prefix}.${day}` as 'coversPerDay.lundi', { setValueAs: whole })}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
  return (
    <details className="rounded-lg border border-stone-200 p-3" open>
      <summary className="cursor-pointer text-sm font-semibold text-stone-900">Restauration collective</summary>
      <div className="mt-3 space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm font-medium text-stone-800">
            Type d’établissement
            <select className={input} {...register('kind', { setValueAs: orNull })}>
              <option value="">Non précisé</option>
              {ESTABLISHMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ESTABLISHMENT_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-stone-800">
            Zone scolaire
            <select className={input} {...register('schoolZone', { setValueAs: orNull })}>
              <option value="">Aucune</option>
              {SCHOOL_ZONES.map((z) => (
                <option key={z} value={z}>
                  {SCHOOL_ZONE_LABELS[z]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {coverRow('coversPerDay', 'Couverts du déjeuner')}
        <Error
          id={`${id}-covers`}
          message={errors.coversPerDay ? 'Nombre de couverts invalide (entier de 0 à 100 000)' : undefined}
        />
        <details>
          <summary className="cursor-pointer text-sm text-stone-700">Dîner et goûter</summary>
          <div className="mt-2 space-y-2">
            {coverRow('coversPerService.diner', 'Couverts du dîner')}
            {coverRow('coversPerService.gouter', 'Couverts du goûter')}
          </div>
        </details>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-stone-800">Répartition par âge (%)</legend>
          <p className="text-xs text-stone-600">Tout à 0&nbsp;: selon le type d’établissement.</p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {POPULATIONS.map((p) => (
              <label key={p} className="text-xs text-stone-600">
                {POPULATION_LABELS[p]}
                <input
                  className={input}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  {...register(`ageMix.${p}`, { setValueAs: whole })}
                />
              </label>
            ))}
          </div>
        </fieldset>
        <Error id={`${id}-mix`} message={errors.ageMix?.message ?? errors.ageMix?.root?.message} />
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" {...register('wednesdaysClosed')} /> Pas d’école le mercredi
        </label>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" {...register('needsValidation')} /> Publier une semaine après validation d’un
          diététicien
        </label>
      </div>
    </details>
  );
}
