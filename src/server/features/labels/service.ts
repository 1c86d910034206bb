import type { Kysely } from 'kysely';
import {
  labelMessages,
  type Label,
  type LabelPrintQuery,
  type LabelSettingsParsed,
} from '../../../shared/api/labels.ts';
import { establishmentAddressLine } from '../../../shared/establishment.ts';
import { buildLabel, type ComputedLabel } from '../../../shared/labels/label.ts';
import { parisToday } from '../../../shared/labels/dates.ts';
import {
  LabelTooLongError,
  MAX_LABEL_INGREDIENTS,
  orderIngredients,
  type OrderedNode,
} from '../../../shared/labels/ingredient-list.ts';
import { DEFAULT_LABEL_SETTINGS, type LabelSettings } from '../../../shared/labels/settings.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { claimVersion } from '../../domain/versions.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { labelInput, loadSettings, loadTree, storedNutrition, type Tree } from './tree.ts';
import { fitsOf, glyphWarnings } from './pdf/fit.ts';

type Establishment = NonNullable<Label['establishment']>;

/** The organisation's establishments by id, and its first (the default of a label), oldest first. */
export async function establishmentsOf(db: Kysely<DB>, organisationId: string) {
  const rows = await db
    .selectFrom('establishments')
    .select(['id', 'name', 'address', 'postal_code', 'city'])
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const all = new Map<string, Establishment>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        address: establishmentAddressLine({ address: r.address, postalCode: r.postal_code, city: r.city }),
      },
    ]),
  );
  return { all, first: rows[0] ? all.get(rows[0].id)! : null };
}

/** A list longer than any label holds (src/shared/labels/ingredient-list.ts): 422 next to the ingredients. */
function listed<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (!(error instanceof LabelTooLongError)) throw error;
    const message = labelMessages.tooManyIngredients(MAX_LABEL_INGREDIENTS);
    throw new AppError('validation', 422, message, { ingredients: message });
  }
}

/** One recipe's label from a loaded tree. */
export function labelOf(
  tree: Tree,
  recipeId: string,
  establishments: Awaited<ReturnType<typeof establishmentsOf>>,
  print: LabelPrintQuery,
  establishmentId?: string,
): ComputedLabel {
  const recipe = tree.recipes.get(recipeId)!;
  const chosen = establishmentId ?? recipe.settings.establishmentId;
  return listed(() =>
    buildLabel(
      {
        recipeId,
        recipeName: recipe.name,
        homemade: recipe.homemade,
        allergens: recipe.allergens,
        traces: recipe.traces,
        allergensDeclared: recipe.allergens_declared,
        tree: labelInput(tree, recipeId),
        nutrition: storedNutrition(recipe),
        settings: recipe.settings,
        establishment: (chosen ? establishments.all.get(chosen) : undefined) ?? establishments.first,
      },
      { ...print, date: print.date ?? parisToday() },
    ),
  );
}

/** The labels of these recipes (those of the organisation, in the order given). */
export async function computeLabels(
  db: Kysely<DB>,
  organisationId: string,
  recipeIds: string[],
  print: LabelPrintQuery,
  establishmentId?: string,
): Promise<ComputedLabel[]> {
  const ids = recipeIds.filter(isUuid);
  if (ids.length === 0) return [];
  const [tree, establishments] = await Promise.all([
    loadTree(db, organisationId, ids),
    establishmentsOf(db, organisationId),
  ]);
  return ids
    .filter((id) => tree.recipes.has(id))
    .map((id) => labelOf(tree, id, establishments, print, establishmentId));
}

/** One recipe's label; another organisation's recipe is a 404. */
export async function computeLabel(
  db: Kysely<DB>,
  organisationId: string,
  recipeId: string,
  print: LabelPrintQuery,
): Promise<ComputedLabel> {
  const [label] = await computeLabels(db, organisationId, [recipeId], print);
  if (!label) throw notFound();
  return label;
}

/** GET /api/recipes/:id/label: the label, and whether it fits each format. */
export async function getLabel(db: Kysely<DB>, organisationId: string, recipeId: string, print: LabelPrintQuery) {
  const computed = await computeLabel(db, organisationId, recipeId, print);
  const warnings = [...computed.label.warnings, ...glyphWarnings(computed)];
  return { ...computed.label, warnings, fits: fitsOf(computed) } satisfies Label;
}

function allKeys(nodes: readonly OrderedNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...(n.children ? allKeys(n.children) : [])]);
}

/**
 * PUT /api/recipes/:id/label: replaces the recipe's label settings (+1 to its version). The
 * ingredient keys it names must be the recipe's (QUID at any depth, names of its own lines),
 * the establishment the organisation's. A stale version → 409 (src/server/domain/versions.ts), nothing written.
 */
export async function putLabelSettings(
  db: Kysely<DB>,
  actor: Actor,
  recipeId: string,
  input: LabelSettingsParsed,
  expected: number | undefined,
): Promise<Label> {
  if (!isUuid(recipeId)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const recipe = await trx
      .selectFrom('recipes')
      .select(['id', 'name'])
      .where('id', '=', recipeId)
      .where('organisation_id', '=', actor.organisationId)
      .forUpdate()
      .executeTakeFirst();
    if (!recipe) throw notFound();
    const current = (await loadSettings(trx, actor.organisationId, [recipeId])).get(recipeId);

    const tree = await loadTree(trx, actor.organisationId, [recipeId]);
    const recipeTree = labelInput(tree, recipeId);
    const own = new Set(recipeTree.lines.map((l) => l.key));
    const every = new Set(allKeys(listed(() => orderIngredients(recipeTree)).nodes));
    const fields: Record<string, string> = {};
    (input.quid ?? []).forEach((key, i) => {
      if (!every.has(key)) fields[`quid.${i}`] = labelMessages.quidUnknown;
    });
    for (const key of Object.keys(input.ingredientNames))
      if (!own.has(key)) fields[`ingredientNames.${key}`] = labelMessages.ingredientNameUnknown;
    if (input.establishmentId !== null) {
      const found = await trx
        .selectFrom('establishments')
        .select('id')
        .where('id', '=', input.establishmentId)
        .where('organisation_id', '=', actor.organisationId)
        .executeTakeFirst();
      if (!found) fields.establishmentId = labelMessages.establishment;
    }
    if (Object.keys(fields).length > 0) throw new AppError('validation', 422, Object.values(fields)[0]!, fields);

    const columns = {
      denomination: input.denomination,
      shelf_life_days: input.shelfLifeDays,
      storage: input.storage,
      net_quantity: input.netQuantity,
      net_quantity_unit: input.netQuantityUnit,
      nutrition: input.nutrition,
      quid: input.quid,
      ingredient_names: JSON.stringify(input.ingredientNames),
      barcode: input.barcode,
      establishment_id: input.establishmentId,
    };
    // The row is made by the first save (version 1); a stale version is a 409 and nothing is written.
    await claimVersion(trx, 'recipe_labels', { recipe_id: recipeId }, expected, actor, {
      create: { organisation_id: actor.organisationId },
    });
    await trx
      .updateTable('recipe_labels')
      .set(columns)
      .where('recipe_id', '=', recipeId)
      .where('organisation_id', '=', actor.organisationId)
      .execute();
    await recordAudit(trx, actor, {
      action: 'label_changed',
      entity: { type: 'recipe', id: recipeId, name: recipe.name },
      details: { fields: changedFields(current, input) },
    });
  });
  return getLabel(db, actor.organisationId, recipeId, {});
}

/** The settings a save changed, by name, for « Historique ». */
function changedFields(before: LabelSettings | undefined, after: LabelSettingsParsed): string[] {
  const keys = [
    'denomination',
    'shelfLifeDays',
    'storage',
    'netQuantity',
    'netQuantityUnit',
    'nutrition',
    'quid',
    'ingredientNames',
    'barcode',
    'establishmentId',
  ] as const;
  const was = before ?? DEFAULT_LABEL_SETTINGS;
  return keys.filter((key) => JSON.stringify(was[key] ?? null) !== JSON.stringify(after[key] ?? null));
}
