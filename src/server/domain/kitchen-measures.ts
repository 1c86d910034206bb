import { readFileSync } from 'node:fs';
import path from 'node:path';
import { measureLookup } from '../../shared/kitchen-measures.ts';
import { kitchenMeasureTableSchema } from '../../shared/kitchen-measures-schema.ts';
import { projectRoot } from '../lib/paths.ts';

/**
 * The server's copy of data/kitchen-measures.json, read once when the server starts: a line
 * in ml or l sent without `gramsPerMl` takes its food's density from it. A broken table
 * stops the start with the reason, rather than computing with wrong weights.
 */
export const kitchenMeasuresFile = path.join(projectRoot, 'data', 'kitchen-measures.json');

export const defaultMeasures = measureLookup(
  kitchenMeasureTableSchema.parse(JSON.parse(readFileSync(kitchenMeasuresFile, 'utf8'))),
);
