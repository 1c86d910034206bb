/** The table lives in src/server/domain/kitchen-measures.ts: recipe costs read unit weights there too. */
export { defaultMeasures, kitchenMeasuresFile } from '../../domain/kitchen-measures.ts';
