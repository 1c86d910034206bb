import { setImmediate } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { productInputSchema, type ProductInputParsed } from '../../../../shared/api/products.ts';
import {
  PRODUCT_FILE_MESSAGES,
  productInputOfRow,
  rowOfProduct,
  TEMPLATE_ROW,
  cutPreviewRows,
  type FileRow,
  type ImportPreview,
} from '../../../../shared/product-file.ts';
import type { Actor } from '../../../context.ts';
import type { DB } from '../../../db/schema.ts';
import { lockOrganisation } from '../../../domain/plan-limits.ts';
import { AppError } from '../../../lib/errors.ts';
import { insertProductRow, listProducts } from '../service.ts';

/** Rows judged between two turns of the event loop: 10,000 rows take it about 0.5 s of CPU. */
const ROWS_PER_TURN = 200;

/**
 * Each row judged by the API's own schema: its problems in French, or the input to store. The
 * event loop is given back every ROWS_PER_TURN rows, so health checks and diners wait for a
 * slice, never for the whole file (src/server/reliability/hostile-files.reliability.ts).
 */
export async function judgeRows(
  rows: readonly FileRow[],
): Promise<{ preview: ImportPreview; inputs: ProductInputParsed[] }> {
  const inputs: ProductInputParsed[] = [];
  const preview: ImportPreview = { total: rows.length, valid: 0, rows: [] };
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await setImmediate();
    const { input, notNumbers } = productInputOfRow(row);
    const parsed = productInputSchema.safeParse(input);
    const problems = [
      ...notNumbers.map(PRODUCT_FILE_MESSAGES.notNumber),
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)),
    ];
    if (problems.length === 0 && parsed.success) {
      inputs.push(parsed.data);
      preview.valid += 1;
    } else preview.rows.push({ line: index + 2, name: input.name || '(sans nom)', problems: [...new Set(problems)] });
  }
  preview.rows = cutPreviewRows(preview.rows);
  return { preview, inputs };
}

/**
 * All or nothing: one transaction under the organisation's lock; a single bad row refuses the
 * whole file with every row's problems (422), so a half-imported price list never exists.
 */
export async function importProducts(
  db: Kysely<DB>,
  actor: Actor,
  rows: readonly FileRow[],
): Promise<{ imported: number }> {
  const { preview, inputs } = await judgeRows(rows);
  if (preview.rows.length > 0) {
    const first = preview.rows[0]!;
    // Every row's problems next to its line (the first 200: the preview shows them all).
    const fields = Object.fromEntries(
      preview.rows.slice(0, 200).map((row) => [`line.${row.line}`, row.problems.join(' ; ')]),
    );
    throw new AppError('validation', 422, `Rien n’a été importé : ligne ${first.line}, ${first.problems[0]}`, fields);
  }
  return db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, actor.organisationId);
    for (const input of inputs) await insertProductRow(trx, actor, input);
    return { imported: inputs.length };
  });
}

export async function productTable(db: Kysely<DB>, organisationId: string): Promise<string[][]> {
  return (await listProducts(db, organisationId)).map(rowOfProduct);
}

export const templateTable = (): string[][] => [TEMPLATE_ROW];
