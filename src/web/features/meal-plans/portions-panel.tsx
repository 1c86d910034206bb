import { useState } from 'react';
import type { PortionsBody } from '../../../shared/api/meal-plans.ts';
import { mealPlanMessages } from '../../../shared/api/meal-plan-messages.ts';
import { POPULATION_LABELS, POPULATIONS, type Population } from '../../../shared/catering/catering.ts';
import { parseInteger } from '../../../shared/decimal.ts';
import {
  DEFAULT_PORTIONS,
  PORTION_GRAMS_MAX,
  PORTION_GRAMS_MIN,
  PORTION_LINE_LABELS,
  PORTION_LINES,
  type PortionGrid,
  type PortionLine,
  type PortionSource,
} from '../../../shared/catering/portions.ts';
import { Button } from '../../components/ui/button.tsx';
import { DecimalInput } from '../../components/ui/decimal-input.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';
import { usePortions, useSavePortions } from './api.ts';

type Texts = Record<PortionLine, Record<Population, string>>;
const cellKey = (line: PortionLine, population: Population) => `grams.${line}.${population}`;

const SOURCE_TAGS: Record<PortionSource, string> = {
  arrete: 'Arrêté',
  repere: 'Repère',
  etablissement: 'Le vôtre',
  recette: 'Recette',
};

function textsOf(grid: PortionGrid): Texts {
  return Object.fromEntries(
    PORTION_LINES.map((line) => [
      line,
      Object.fromEntries(POPULATIONS.map((p) => [p, grid[line][p].grams === null ? '' : String(grid[line][p].grams)])),
    ]),
  ) as Texts;
}

/**
 * The body of the save: the cells that depart from the defaults (a cell typed back to its
 * default follows the defaults again), and the cells that are not a weight, with their message.
 */
function portionsBody(texts: Texts): { body: PortionsBody; errors: Record<string, string> } {
  const grams: PortionsBody['grams'] = {};
  const errors: Record<string, string> = {};
  for (const line of PORTION_LINES) {
    for (const population of POPULATIONS) {
      const parsed = parseInteger(texts[line][population]);
      const value =
        parsed.kind === 'empty'
          ? null
          : parsed.kind === 'number' && parsed.value >= PORTION_GRAMS_MIN && parsed.value <= PORTION_GRAMS_MAX
            ? parsed.value
            : undefined;
      if (value === undefined) errors[cellKey(line, population)] = mealPlanMessages.portionGramsInvalid;
      else if (value !== DEFAULT_PORTIONS[line][population].grams)
        grams[line] = { ...grams[line], [population]: value };
    }
  }
  return { body: { grams }, errors };
}

/**
 * « Grammages par âge » (docs/product/meal-plans.md): the served weight of one cover per component and population,
 * which the production sheet and the plan's figures per cover use. The arrêté's figures and
 * NutriCarte's estimates are marked apart; the establishment sets its own (docs/product/meal-plans.md).
 */
export function PortionsPanel({
  establishmentId,
  canWrite,
  highlight,
}: {
  establishmentId: string;
  canWrite: boolean;
  highlight: Population;
}) {
  const portions = usePortions(establishmentId);
  const save = useSavePortions(establishmentId);
  const [edited, setEdited] = useState<Texts | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const grid = portions.data?.grid;
  const saved = grid ? textsOf(grid) : null;
  const texts = edited ?? saved;

  const send = (body: PortionsBody, done: string) =>
    save.mutate(body, {
      onSuccess: () => {
        setEdited(null);
        setErrors({});
        toast.success(done);
      },
      onError: (e) => {
        if (e instanceof ApiError && Object.keys(e.fields).length > 0) setErrors(e.fields);
        toast.error(
          e instanceof ApiError && e.status > 0 && e.status < 500
            ? e.message
            : 'Erreur lors de l’enregistrement des grammages',
        );
      },
    });

  return (
    <TitledCard
      title="Grammages par âge"
      description="Poids servi par convive, en grammes de plat prêt à servir. La fiche de production et les valeurs par convive du plan s’en servent. Laissez une case vide pour servir une portion de la recette."
    >
      <p className="text-xs text-stone-600">
        <strong className="font-semibold">Arrêté</strong>&nbsp;: arrêté du 30&nbsp;septembre 2011, annexe&nbsp;II
        (restauration scolaire). <strong className="font-semibold">Repère</strong>&nbsp;: valeur indicative NutriCarte,
        à valider avec votre diététicien. Un plat principal dont la viande, le poisson ou l’œuf font moins de 70&nbsp;%
        du poids est pesé en plat composé.
      </p>
      {!texts || !grid || !saved ? (
        <p className="text-sm text-stone-600">
          {portions.isError ? 'Erreur lors du chargement des grammages.' : 'Chargement...'}
        </p>
      ) : (
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const { body, errors: found } = portionsBody(texts);
            setErrors(found);
            if (Object.keys(found).length > 0) {
              toast.error('Corrigez les grammages signalés');
              return;
            }
            send(body, 'Grammages enregistrés');
          }}
        >
          {PORTION_LINES.map((line) => (
            <fieldset
              key={line}
              className="grid grid-cols-2 gap-2 border-t border-stone-100 pt-2 sm:grid-cols-4"
              disabled={!canWrite || save.isPending}
            >
              <legend className="text-sm font-medium text-stone-900">{PORTION_LINE_LABELS[line]}</legend>
              {POPULATIONS.map((population) => {
                const key = cellKey(line, population);
                const error = errors[key];
                const source =
                  texts[line][population] !== saved[line][population] ? 'etablissement' : grid[line][population].source;
                return (
                  <label
                    key={population}
                    className={cn(
                      'block text-xs text-stone-600',
                      population === highlight && 'font-semibold text-stone-900',
                    )}
                  >
                    {POPULATION_LABELS[population]}
                    <span className="mt-0.5 flex items-center gap-1">
                      <DecimalInput
                        className="w-20 bg-white"
                        integer
                        value={texts[line][population]}
                        placeholder="Recette"
                        aria-label={`${PORTION_LINE_LABELS[line]}, ${POPULATION_LABELS[population].toLocaleLowerCase('fr')}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${key}-error` : `${key}-source`}
                        onValueChange={(text) =>
                          setEdited({ ...texts, [line]: { ...texts[line], [population]: text } })
                        }
                      />
                      <span aria-hidden="true">g</span>
                    </span>
                    <span id={`${key}-source`} className="mt-0.5 block text-[11px] font-normal text-stone-500">
                      {SOURCE_TAGS[source]}
                    </span>
                    {error && (
                      <span id={`${key}-error`} role="alert" className="block text-xs font-normal text-red-600">
                        {error}
                      </span>
                    )}
                  </label>
                );
              })}
            </fieldset>
          ))}
          {canWrite && (
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={save.isPending || edited === null}>
                Enregistrer les grammages
              </Button>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={
                  save.isPending ||
                  PORTION_LINES.every((l) => POPULATIONS.every((p) => grid[l][p].source !== 'etablissement'))
                }
                onClick={() => send({ grams: {} }, 'Repères rétablis')}
              >
                Rétablir les repères
              </Button>
            </div>
          )}
        </form>
      )}
    </TitledCard>
  );
}
