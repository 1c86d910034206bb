import { Hono, type Context } from 'hono';
import {
  confirmInvoiceSchema,
  confirmPriceListSchema,
  egalimQuery,
  lineProductSchema,
  periodQuery,
  priceListQuery,
  purchaseMessages as m,
  purchaseSettingsSchema,
} from '../../../shared/api/purchases.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { readVersioned } from '../../domain/versions.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/http.ts';
import { oneFileAtATime } from '../../lib/read-table-file.ts';
import type { Logger } from '../../lib/logger.ts';
import { egalimForPeriod, type EgalimEstimate } from './egalim.ts';
import { getInvoice, listInvoices } from './invoice-rows.ts';
import { confirmInvoice, deleteDraft, importInvoice, setLineProduct } from './invoices.ts';
import { priceReport, productPrices, readSettings, saveSettings } from './prices.ts';
import { fileWorker, ownBuffer, type FileTask } from './read/file-tasks.ts';
import type { ParsedInvoice } from './read/parsed-invoice.ts';
import type { PriceListTable } from './price-lists/price-list-table.ts';
import {
  confirmPriceList,
  deletePriceList,
  getPriceList,
  importPriceList,
  listPriceLists,
  setPriceListLine,
} from './price-lists/service.ts';
import { consumptionFor } from './sales/consumption.ts';
import type { SalesTable } from './sales/sales-table.ts';
import { fileHash, importSales, menuEngineering } from './sales/service.ts';

export type { EgalimEstimate } from './egalim.ts';

const refuse = (message: string) => new AppError('validation', 422, message, { file: message });

/**
 * A file read in the worker (./read/file-tasks.ts), one per organisation at a time and in turn
 * with the other imports (oneFileAtATime); its refusal as a 422 next to `file`.
 */
async function readUpload(c: Context<AppEnv>, kind: FileTask['kind'], logger: Logger) {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const texts = {
    invoice: { empty: m.empty, unreadable: m.unreadable },
    sales: { empty: m.salesEmpty, unreadable: m.salesUnreadable },
    priceList: { empty: m.priceListEmpty, unreadable: m.priceListUnreadable },
  }[kind];
  if (bytes.length === 0) throw refuse(texts.empty);
  const contentType = c.req.header('content-type') ?? '';
  const answer = await oneFileAtATime(c.var.org.id, () =>
    fileWorker.run({ kind, bytes: ownBuffer(bytes), contentType }),
  );
  if (answer.ok) return { bytes, value: answer.value };
  if (answer.message) throw refuse(answer.message);
  if (answer.detail !== 'timeout') logger.warn('an uploaded file could not be read', { kind, detail: answer.detail });
  throw refuse(answer.detail === 'timeout' ? m.timeout : texts.unreadable);
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
  // Writes to a draft name the invoice's version (body or If-Match; src/server/domain/versions.ts).
  app.put('/purchases/invoices/:id/lines/:lineId', write, async (c) => {
    const { input, version } = await readVersioned(c, lineProductSchema);
    const { id, lineId } = c.req.param();
    return c.json({ line: await setLineProduct(db, actorOf(c), id, lineId, input.productId, version) });
  });
  app.post('/purchases/invoices/:id/confirm', write, async (c) => {
    const { input, version } = await readVersioned(c, confirmInvoiceSchema, { optionalBody: true });
    return c.json(await confirmInvoice(db, actorOf(c), c.req.param('id'), input, version));
  });
  app.get('/products/:id/prices', read, async (c) =>
    c.json({ prices: await productPrices(db, c.var.org.id, c.req.param('id')) }),
  );
  app.get('/purchases/prices', read, async (c) => {
    const p = period(parseInput(periodQuery, c.req.query()));
    return c.json(await priceReport(db, c.var.org.id, p.from, p.to));
  });
  app.get('/purchases/settings', read, async (c) => c.json(await readSettings(db, c.var.org.id)));
  app.put('/purchases/settings', write, async (c) => {
    const { input, version } = await readVersioned(c, purchaseSettingsSchema);
    return c.json(await saveSettings(db, actorOf(c), input, version));
  });
  app.get('/purchases/egalim', read, async (c) => {
    const q = parseInput(egalimQuery, c.req.query());
    const year = new Date().getFullYear();
    const p = { from: q.from ?? `${year}-01-01`, to: q.to ?? `${year}-12-31`, establishmentId: q.establishmentId };
    return c.json(await egalimForPeriod(db, c.var.org.id, p, options.egalimEstimate));
  });
  app.get('/purchases/consumption', read, async (c) => {
    const p = period(parseInput(periodQuery, c.req.query()));
    return c.json(await consumptionFor(db, c.var.org.id, p.from, p.to));
  });

  // Suppliers' price lists (« tarifs fournisseurs »): a draft, its lines matched, then confirmed.
  app.post('/purchases/price-lists', write, async (c) => {
    const given = parseInput(priceListQuery, c.req.query());
    const { bytes, value } = await readUpload(c, 'priceList', deps.logger);
    const list = await importPriceList(db, actorOf(c), value as PriceListTable, fileHash(bytes), given);
    return c.json({ priceList: list }, 201);
  });
  app.get('/purchases/price-lists', read, async (c) => c.json({ priceLists: await listPriceLists(db, c.var.org.id) }));
  app.get('/purchases/price-lists/:id', read, async (c) =>
    c.json({ priceList: await getPriceList(db, c.var.org.id, c.req.param('id')) }),
  );
  app.delete('/purchases/price-lists/:id', write, async (c) => {
    await deletePriceList(db, actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });
  app.put('/purchases/price-lists/:id/lines/:lineId', write, async (c) => {
    const { input, version } = await readVersioned(c, lineProductSchema);
    const { id, lineId } = c.req.param();
    return c.json({ line: await setPriceListLine(db, actorOf(c), id, lineId, input.productId, version) });
  });
  app.post('/purchases/price-lists/:id/confirm', write, async (c) => {
    const { version } = await readVersioned(c, confirmPriceListSchema, { optionalBody: true });
    return c.json(await confirmPriceList(db, actorOf(c), c.req.param('id'), version));
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
