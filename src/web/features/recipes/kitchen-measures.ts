import { measureLookup, type KitchenMeasureTable } from '../../../shared/kitchen-measures.ts';
import table from '../../../../data/kitchen-measures.json' with { type: 'json' };

/**
 * data/kitchen-measures.json is bundled with the recipe form (a few kB gzip), so a new line
 * shows its food's unit weight and density at once, with their source. tsc checks the file
 * against the table's type here; the server checks it with its zod schema at start.
 */
export const defaultMeasures = measureLookup(table satisfies KitchenMeasureTable);
