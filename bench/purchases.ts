/**
 * Supplier invoices of 500 lines (docs/decisions/0037-supplier-invoices.md): the preview — the
 * file read in the worker thread and stored as a draft with every line matched — under 1 s,
 * and the confirmation — 500 prices, their history, the learned articles and 50 recipes
 * recomputed in one transaction — under 2 s, on a throwaway PostgreSQL 15 (as bench/meal-plans.ts).
 * Reference: the same XML parsed by fast-xml-parser alone in bare Node, the floor of any reading.
 *
 *   npx tsx bench/purchases.ts          → a table on stdout
 *   npx tsx bench/purchases.ts --json   → only the figures, as JSON (npm run bench)
 */
import { sql } from 'kysely';
import { XMLParser } from 'fast-xml-parser';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrator.ts';
import { loadCatalogue } from '../src/server/features/catalogue/load.ts';
import { confirmInvoice, importInvoice } from '../src/server/features/purchases/invoices.ts';
import { fileWorker, ownBuffer } from '../src/server/features/purchases/read/file-tasks.ts';
import type { ParsedInvoice } from '../src/server/features/purchases/read/parsed-invoice.ts';
import { createScratchDatabase, startPostgresCluster } from '../src/server/reliability/support/postgres-cluster.ts';
import { ciiXml, type TestInvoice } from '../src/server/test/invoices.ts';
import { formatTable, runWhenMain, type BenchFigures } from './lib/bench-figure.ts';

const LINES = 500;
const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round1 = (v: number) => Math.round(v * 10) / 10;

const invoiceOf = (number: string): TestInvoice => ({
  number,
  supplier: { name: 'Grossiste Bench', siret: '12345678900014' },
  lines: Array.from({ length: LINES }, (_, i) => ({
    articleId: `ART-${i}`,
    description: `Produit numéro${i}z colis de 6 × 1 kg`,
    quantity: 1 + (i % 7),
    unitCode: i % 3 === 0 ? 'KGM' : 'XCS',
    unitPrice: 2 + (i % 13),
  })),
});

export async function runPurchasesBench(log: ((line: string) => void) | undefined): Promise<BenchFigures> {
  const cluster = await startPostgresCluster();
  try {
    const scratch = await createScratchDatabase(cluster.adminUrl, { prefix: 'bench_' });
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      const db = database.db;
      await migrateToLatest(db as never);
      await loadCatalogue(db);
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Bench', 'bench@example.fr', 'Bistrot')`.execute(
        db,
      );
      const user = await db.selectFrom('users').select(['id', 'active_organisation_id']).executeTakeFirstOrThrow();
      const actor = { userId: user.id, organisationId: user.active_organisation_id! };
      // 500 products named as the lines, 50 recipes of 10 of them each.
      const products = await db
        .insertInto('products')
        .values(
          Array.from({ length: LINES }, (_, i) => {
            const name = `Produit numéro${i}z`;
            return {
              organisation_id: actor.organisationId,
              created_by: actor.userId,
              name,
              name_folded: name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''),
            };
          }),
        )
        .returning('id')
        .execute();
      for (let r = 0; r < 50; r++) {
        const { id } = await db
          .insertInto('recipes')
          .values({ organisation_id: actor.organisationId, created_by: actor.userId, name: `Plat ${r}`, servings: 4 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('recipe_ingredients')
          .values(
            Array.from({ length: 10 }, (_, k) => ({
              recipe_id: id,
              position: k,
              product_id: products[(r * 10 + k) % LINES]!.id,
              name: `Ligne ${k}`,
              quantity: 100,
              unit: 'g' as const,
            })),
          )
          .execute();
      }
      const xml = ciiXml(invoiceOf('WARM'));
      const reference: number[] = [];
      const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, processEntities: false });
      for (let i = 0; i < RUNS + 2; i++) {
        const started = performance.now();
        parser.parse(xml);
        if (i >= 2) reference.push(performance.now() - started);
      }
      const preview: number[] = [];
      const confirm: number[] = [];
      // One untimed round first: the worker thread starts (and, from the sources, tsx loads in it).
      for (let i = 0; i <= RUNS; i++) {
        const bytes = new TextEncoder().encode(ciiXml(invoiceOf(`B-${i}`)));
        let started = performance.now();
        const answer = await fileWorker.run({
          kind: 'invoice',
          bytes: ownBuffer(bytes),
          contentType: 'application/xml',
        });
        if (!answer.ok) throw new Error(`not read: ${answer.message ?? answer.detail}`);
        const draft = await importInvoice(db, actor, answer.value as ParsedInvoice);
        if (i > 0) preview.push(performance.now() - started);
        if (draft.lines.filter((l) => l.productId).length !== LINES) throw new Error('lines not all matched');
        started = performance.now();
        const { priceChanges } = await confirmInvoice(db, actor, draft.id, {});
        if (i > 0) confirm.push(performance.now() - started);
        if (priceChanges.length !== LINES) throw new Error(`${priceChanges.length} price changes`);
      }
      fileWorker.stop();
      const figures = {
        purchasesPreview500Lines: {
          value: round1(median(preview)),
          unit: 'ms',
          target: '< 1000 ms',
          pass: median(preview) < 1000,
          note: `median of ${RUNS}: a 500-line CII read in the worker thread, stored as a draft, every line matched`,
          details: { samples: preview.map(round1), referenceParseMs: round1(median(reference)) },
        },
        purchasesConfirm500Lines: {
          value: round1(median(confirm)),
          unit: 'ms',
          target: '< 2000 ms',
          pass: median(confirm) < 2000,
          note: `median of ${RUNS}: 500 prices and their history, 500 learned articles, 50 recipes recomputed, one transaction`,
          details: { samples: confirm.map(round1) },
        },
        purchasesParseReference500Lines: {
          value: round1(median(reference)),
          unit: 'ms',
          target: 'info',
          pass: true,
          note: 'bare Node: fast-xml-parser on the same 500-line XML, nothing else',
        },
      } satisfies BenchFigures;
      log?.(
        formatTable(
          ['figure', 'median ms', 'target'],
          Object.entries(figures).map(([name, f]) => [name, String(f.value), f.target]),
        ),
      );
      return figures;
    } finally {
      await database.close();
      await scratch.drop();
    }
  } finally {
    await cluster.destroy();
  }
}

await runWhenMain(import.meta.url, runPurchasesBench);
