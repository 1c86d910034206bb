import { Hono, type Context } from 'hono';
import { actorOf, allow, requireUser } from '../../../auth/require-user.ts';
import type { AppEnv } from '../../../context.ts';
import type { AppDeps } from '../../../deps.ts';
import { parseInput } from '../../../lib/http.ts';
import { formatQuery, readTableFile } from '../../../lib/read-table-file.ts';
import { sendTable } from '../../../lib/table-files.ts';
import { PRODUCT_FILE_HEADERS } from '../../../../shared/product-file.ts';
import { importProducts, judgeRows, productTable, templateTable } from './service.ts';

const fileOf = (c: Context<AppEnv>) => readTableFile(c);

/**
 * Files of products and recipes (docs/decisions/0023-costs-import-export.md): the
 * body of an import is the file itself (CSV or XLSX). Owners and editors export (the files hold costs and prices); writers import.
 */
export function productFileRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const write = allow('content:write');
  app.use('*', requireUser(deps));
  app.get('/products/template', async (c) =>
    sendTable(
      c,
      parseInput(formatQuery, c.req.query()).format,
      'modele-produits',
      templateTable(),
      PRODUCT_FILE_HEADERS,
    ),
  );
  app.get('/products/export', allow('costs:read'), async (c) =>
    sendTable(
      c,
      parseInput(formatQuery, c.req.query()).format,
      'produits',
      await productTable(deps.db, c.var.org.id),
      PRODUCT_FILE_HEADERS,
    ),
  );
  app.post('/products/preview', write, async (c) => c.json((await judgeRows(await fileOf(c))).preview));
  app.post('/products/import', write, async (c) =>
    c.json(await importProducts(deps.db, actorOf(c), await fileOf(c)), 201),
  );
  return app;
}
