import { Hono, type Context } from 'hono';
import {
  confirmInvoiceSchema,
  egalimQuery,
  lineProductSchema,
  periodQuery,
  purchaseMessages as m,
  purchaseSettingsSchema,
  type EgalimPurchases,
} from '../../../shared/api/purchases.ts';
import { egalimShares } from '../../../shared/catering/egalim.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { priceHistory } from '../../domain/product-prices.ts';
import { purchaseEgalim } from '../../domain/purchase-egalim.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound, parseInput, readJson } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Logger } from '../../lib/logger.ts';
import { getInvoice, listInvoices } from './invoice-rows.ts';
import { confirmInvoice, deleteDraft, importInvoice, setLineProduct } from './invoices.ts';
import { priceReport, readSettings, saveSettings } from './prices.ts';
import { fileWorker, ownBuffer, type FileTask } from './read/file-tasks.ts';
import type { ParsedInvoice } from './read/parsed-invoice.ts';
import { consumptionFor } from './sales/consumption.ts';
import type { SalesTable } from './sales/sales-table.ts';
import { fileHash, importSales, menuEngineering } from './sales/service.ts';

/** The meal plan's EGalim estimate for a period, when nothing was bought yet (given by app.ts: features do not import each other). */
export type EgalimEstimate = (
  organisationId: string,
  period: { from: string; to: string; establishmentId?: string | undefined },
) => Promise<Omit<EgalimPurchases, 'source' | 'invoices' | 'totalOnlyInvoices' | 'unmatchedValue'>>;

const refuse = (message: string) => new AppError('validation', 422, message, { file: message });

/** A file read in the worker (./read/file-tasks.ts); its refusal as a 422 next to `file`. */
async function readUpload(c: Context<AppEnv>, kind: FileTask['kind'], logger: Logger) {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length === 0) throw refuse(kind === 'invoice' ? m.empty : m.salesEmpty);
  const answer = await fileWorker.run({
    kind,
    bytes: ownBuffer(bytes),
    contentType: c.req.header('content-type') ?? '',
  });
  if (answer.ok) return { bytes, value: answer.value };
  if (answer.message) throw refuse(answer.message);
  if (answer.detail !== 'timeout') logger.warn('an uploaded file could not be read', { kind, detail: answer.detail });
  throw refuse(answer.detail === 'timeout' ? m.timeout : kind === 'invoice' ? m.unreadable : m.salesUnreadable);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** The period asked, else the last twelve months up to today. */
function period(query: { from?: string | undefined; to?: string | undefined }) {
  const to = query.to ?? isoDay(new Date());
  const from = query.from ?? `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
  return { from: from <= to ? from : to, to };
}

/**
 * Supplier invoices, prices, EGalim from purchases and sales (API.md « Purchases and sales »,
 * docs/product/purchases.md). Money is read by owners and editors (`purchases:read`), and
 * written by them (`purchases:write`); viewers see none of it.
 */
export function purchaseRoutes(deps: AppDeps, options: { egalimEstimate: EgalimEstimate }): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const read = allow('purchases:read');
  const write = allow('purchases:write');
  for (const path of ['/purchases/*', '/sales/*', '/products/:id/prices', '/menus/:id/engineering'])
    app.use(path, requireUser(deps));

  app.post('/purchases/invoices', write, async (c) => {
    const { value } = await readUpload(c, 'invoice', deps.logger);
    return c.json({ invoice: await importInvoice(db, actorOf(c), value as ParsedInvoice) }, 201);
  });
  app.get('/purchases/invoices', read, async (c) => {
    const q = parseInput(periodQuery, c.req.query());
    return c.json({ invoices: await listInvoices(db, c.var.org.id, q.from, q.to) });
  });
  app.get('/purchases/invoices/:id', read, async (c) =>
    c.json({ invoice: await getInvoice(db, c.var.org.id, c.req.param('id')) }),
  );
  app.delete('/purchases/invoices/:id', write, async (c) => {
    await deleteDraft(db, actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });
  app.put('/purchases/invoices/:id/lines/:lineId', write, async (c) => {
    const { productId } = await readJson(c, lineProductSchema);
    return c.json({
      line: await setLineProduct(db, actorOf(c), c.req.param('id'), c.req.param('lineId'), productId),
    });
  });
  app.post('/purchases/invoices/:id/confirm', write, async (c) => {
    const input = await readJson(c, confirmInvoiceSchema);
    return c.json(await confirmInvoice(db, actorOf(c), c.req.param('id'), input));
  });
  app.get('/products/:id/prices', read, async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound();
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('id', '=', id)
      .where('organisation_id', '=', c.var.org.id)
      .executeTakeFirst();
    if (!product) throw notFound();
    return c.json({ prices: await priceHistory(db, c.var.org.id, id) });
  });
  app.get('/purchases/prices', read, async (c) => {
    const p = period(parseInput(periodQuery, c.req.query()));
    return c.json(await priceReport(db, c.var.org.id, p.from, p.to));
  });
  app.get('/purchases/settings', read, async (c) => c.json(await readSettings(db, c.var.org.id)));
  app.put('/purchases/settings', write, async (c) =>
    c.json(await saveSettings(db, actorOf(c), await readJson(c, purchaseSettingsSchema))),
  );
  app.get('/purchases/egalim', read, async (c) => {
    const q = parseInput(egalimQuery, c.req.query());
    const year = new Date().getFullYear();
    const p = { from: q.from ?? `${year}-01-01`, to: q.to ?? `${year}-12-31`, establishmentId: q.establishmentId };
    if (p.establishmentId) {
      const own = await db
        .selectFrom('establishments')
        .select('id')
        .where('id', '=', p.establishmentId)
        .where('organisation_id', '=', c.var.org.id)
        .executeTakeFirst();
      if (!own) throw notFound();
    }
    const bought = await purchaseEgalim(db, c.var.org.id, p);
    const common = {
      invoices: bought.invoices,
      totalOnlyInvoices: bought.totalOnlyInvoices,
      unmatchedValue: bought.unmatchedValue,
    };
    if (bought.invoices === 0)
      return c.json({ source: 'estimate', ...(await options.egalimEstimate(c.var.org.id, p)), ...common });
    const t = bought.totals;
    return c.json({
      source: 'purchases',
      totalValue: t.purchaseValue,
      sustainableValue: t.sustainableValue,
      organicValue: t.organicValue,
      meatFishValue: t.meatFishValue,
      meatFishSustainableValue: t.meatFishSustainableValue,
      ...egalimShares(t),
      ...common,
    } satisfies EgalimPurchases);
  });
  app.get('/purchases/consumption', read, async (c) => {
    const p = period(parseInput(periodQuery, c.req.query()));
    return c.json(await consumptionFor(db, c.var.org.id, p.from, p.to));
  });

  app.post('/sales/import', write, async (c) => {
    const { bytes, value } = await readUpload(c, 'sales', deps.logger);
    return c.json(await importSales(db, actorOf(c), value as SalesTable, fileHash(bytes)), 201);
  });
  app.get('/menus/:id/engineering', read, async (c) => {
    const p = period(parseInput(periodQuery, c.req.query()));
    return c.json(await menuEngineering(db, c.var.org.id, c.req.param('id'), p.from, p.to));
  });
  return app;
}
