import { Hono, type Context } from 'hono';
import {
  labelMessages,
  labelPrintQuerySchema,
  labelSettingsInputSchema,
  labelSheetQuerySchema,
  MAX_LABELS_PER_PDF,
  temoinQuerySchema,
  type LabelSheetQuery,
} from '../../../shared/api/labels.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/http.ts';
import { readVersioned } from '../../domain/versions.ts';
import { menuRecipes, temoinDay } from './collections.ts';
import { incoPrintable, temoinPrintable, type Printable } from './pdf/inco-blocks.ts';
import { renderLabels } from './pdf/render.ts';
import { computeLabel, computeLabels, getLabel, putLabelSettings } from './service.ts';

/** A file name of plain letters: « Quiche au saumon » → « quiche-au-saumon ». */
const fileName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'etiquettes';

function pdf(c: Context<AppEnv>, bytes: Buffer, name: string) {
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `inline; filename="${fileName(name)}.pdf"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(new Uint8Array(bytes));
}

/** The print's query: its own values (date, lot…) and the sheet, both checked (422 by field). */
function printQuery(c: Context<AppEnv>) {
  const raw = c.req.query();
  const fields: Record<string, string> = {};
  const print = labelPrintQuerySchema.safeParse(raw);
  const sheet = labelSheetQuerySchema.safeParse(raw);
  for (const result of [print, sheet])
    if (!result.success)
      for (const issue of result.error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  if (!print.success || !sheet.success) throw new AppError('validation', 422, Object.values(fields)[0]!, fields);
  return { print: print.data, sheet: sheet.data };
}

/** The labels of a PDF, each `copies` times, within MAX_LABELS_PER_PDF: otherwise 422 next to `copies`. */
function render(printables: Printable[], sheet: LabelSheetQuery, title: string) {
  const asked = printables.length * sheet.copies;
  if (asked > MAX_LABELS_PER_PDF) {
    const message = labelMessages.tooManyLabels(MAX_LABELS_PER_PDF, asked);
    throw new AppError('validation', 422, message, { copies: message });
  }
  return renderLabels(printables, sheet, title);
}

/** /api/recipes/:id/label(.pdf): every member reads and prints; owners and editors set it (docs/product/labels.md). */
export function recipeLabelRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps));
  app.get('/:id/label', async (c) => {
    const print = parseInput(labelPrintQuerySchema, c.req.query());
    return c.json(await getLabel(deps.db, c.var.org.id, c.req.param('id'), print));
  });
  app.put('/:id/label', allow('content:write'), async (c) => {
    const { input, version } = await readVersioned(c, labelSettingsInputSchema);
    return c.json(await putLabelSettings(deps.db, actorOf(c), c.req.param('id'), input, version));
  });
  app.get('/:id/label.pdf', async (c) => {
    const { print, sheet } = printQuery(c);
    const computed = await computeLabel(deps.db, c.var.org.id, c.req.param('id'), print);
    const bytes = await render([incoPrintable(computed)], sheet, `Étiquettes – ${computed.label.denomination}`);
    return pdf(c, bytes, `etiquettes-${computed.label.denomination}`);
  });
  return app;
}

/** /api/menus/:id/labels.pdf: one label of each dish of the menu made from a recipe. */
export function menuLabelRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps));
  app.get('/:id/labels.pdf', async (c) => {
    const { print, sheet } = printQuery(c);
    const { menu, recipeIds } = await menuRecipes(deps.db, c.var.org.id, c.req.param('id'));
    const labels = await computeLabels(deps.db, c.var.org.id, recipeIds, print, menu.establishment_id);
    const bytes = await render(labels.map(incoPrintable), sheet, `Étiquettes – ${menu.name}`);
    return pdf(c, bytes, `etiquettes-${menu.name}`);
  });
  return app;
}

/** /api/meal-plans/:establishmentId/temoins(.pdf): the « plats témoins » of a planned day. */
export function temoinRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps));
  app.get('/:establishmentId/temoins', async (c) => {
    const query = parseInput(temoinQuerySchema, c.req.query());
    return c.json(await temoinDay(deps.db, c.var.org.id, c.req.param('establishmentId'), query));
  });
  app.get('/:establishmentId/temoins.pdf', async (c) => {
    const query = parseInput(temoinQuerySchema, c.req.query());
    const { sheet } = printQuery(c);
    const day = await temoinDay(deps.db, c.var.org.id, c.req.param('establishmentId'), query);
    if (day.labels.length === 0)
      throw new AppError('validation', 422, labelMessages.noDishes, { date: labelMessages.noDishes });
    const bytes = await render(
      day.labels.map((dish) => temoinPrintable(day, dish)),
      sheet,
      `Plats témoins – ${day.establishment.name}`,
    );
    return pdf(c, bytes, `plats-temoins-${day.date}`);
  });
  return app;
}
