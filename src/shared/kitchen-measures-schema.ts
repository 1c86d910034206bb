import { z } from './zod-fr.ts';
import type { KitchenMeasureTable } from './kitchen-measures.ts';

const figure = { source: z.string().min(1), detail: z.string().min(10) };

/**
 * The shape of data/kitchen-measures.json, checked by the server when it reads the file and
 * by the table's tests (the web app gets the same file through its bundle, typed by tsc).
 * Every figure names a source of the table; an entry matches by code or by name.
 */
export const kitchenMeasureTableSchema = z
  .object({
    about: z.string().min(1),
    sources: z.record(z.string(), z.object({ label: z.string().min(1), citation: z.string().min(20) })),
    measures: z.array(
      z
        .object({
          label: z.string().min(1),
          codes: z.array(z.number().int().positive()).min(1).optional(),
          pattern: z
            .string()
            .min(2)
            .refine((p) => {
              try {
                new RegExp(p);
                return true;
              } catch {
                return false;
              }
            }, 'expression régulière invalide')
            .optional(),
          unit: z.object({ grams: z.number().positive().max(100_000), ...figure }).optional(),
          density: z.object({ gramsPerMl: z.number().positive().max(5), ...figure }).optional(),
        })
        .refine((m) => m.codes || m.pattern, 'une ligne a des codes ou un motif')
        .refine((m) => m.unit || m.density, 'une ligne donne un poids ou une densité'),
    ),
  })
  .superRefine((table, ctx) => {
    table.measures.forEach((measure, index) => {
      for (const kind of ['unit', 'density'] as const) {
        const source = measure[kind]?.source;
        if (source !== undefined && !(source in table.sources)) {
          ctx.addIssue({
            code: 'custom',
            message: `source inconnue : ${source}`,
            path: ['measures', index, kind, 'source'],
          });
        }
      }
    });
  }) satisfies z.ZodType<KitchenMeasureTable>;
