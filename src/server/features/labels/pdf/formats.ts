import type { LabelFormat, LabelSheetQuery } from '../../../../shared/api/labels.ts';
import { NBSP } from '../../../../shared/typography.ts';
import { mm } from './fonts.ts';

/** Where labels go: cells of an A4 sheet, or a roll whose labels are as long as their text. */
export type Sheet =
  | {
      kind: 'sheet';
      /** Label size and grid, in points. */
      width: number;
      height: number;
      columns: number;
      rows: number;
      left: number;
      top: number;
      gapX: number;
      gapY: number;
      /** Text area inside a label. */
      padding: number;
      name: string;
    }
  | { kind: 'roll'; width: number; padding: number; name: string };

const A4 = { width: mm(210), height: mm(297) };
export const A4_SIZE: [number, number] = [A4.width, A4.height];

/**
 * The named formats (docs/product/labels.md). 3 × 8 of 70 × 37 mm fill the sheet's width, with
 * 0,5 mm above and below; 2 × 7 of 99,1 × 38,1 mm are the common 14-label sheet (15,15 mm top
 * margin, 4,65 mm side margins, 2,5 mm between columns). Rolls of 62 and 58 mm.
 */
export function sheetOf(
  query: Pick<LabelSheetQuery, 'format' | 'columns' | 'rows' | 'width' | 'height' | 'top' | 'left' | 'gapX' | 'gapY'>,
): Sheet {
  switch (query.format) {
    case 'a4-3x8':
      return grid(`Planche 3${NBSP}×${NBSP}8 (70${NBSP}×${NBSP}37${NBSP}mm)`, 3, 8, 70, 37, 0.5, 0, 0, 0, 1.8);
    case 'a4-2x7':
      return grid(
        `Planche 2${NBSP}×${NBSP}7 (99,1${NBSP}×${NBSP}38,1${NBSP}mm)`,
        2,
        7,
        99.1,
        38.1,
        15.15,
        4.65,
        2.5,
        0,
        2,
      );
    case 'a4-grid':
      return grid(
        `Grille ${query.columns}${NBSP}×${NBSP}${query.rows} (${query.width}${NBSP}×${NBSP}${query.height}${NBSP}mm)`,
        query.columns!,
        query.rows!,
        query.width!,
        query.height!,
        query.top ?? 0,
        query.left ?? 0,
        query.gapX ?? 0,
        query.gapY ?? 0,
        Math.min(2, query.width! / 20, query.height! / 15),
      );
    case 'roll-62':
      return { kind: 'roll', width: mm(62), padding: mm(2.5), name: `Rouleau 62${NBSP}mm` };
    case 'roll-58':
      return { kind: 'roll', width: mm(58), padding: mm(2.5), name: `Rouleau 58${NBSP}mm` };
  }
}

function grid(
  name: string,
  columns: number,
  rows: number,
  widthMm: number,
  heightMm: number,
  topMm: number,
  leftMm: number,
  gapXMm: number,
  gapYMm: number,
  paddingMm: number,
): Sheet {
  return {
    kind: 'sheet',
    name,
    columns,
    rows,
    width: mm(widthMm),
    height: mm(heightMm),
    top: mm(topMm),
    left: mm(leftMm),
    gapX: mm(gapXMm),
    gapY: mm(gapYMm),
    padding: mm(paddingMm),
  };
}

/** The cell of the n-th label of a sheet (from 0): its page and its top-left corner. */
export function cellOf(sheet: Extract<Sheet, { kind: 'sheet' }>, n: number) {
  const perPage = sheet.columns * sheet.rows;
  const page = Math.floor(n / perPage);
  const at = n % perPage;
  const row = Math.floor(at / sheet.columns);
  const column = at % sheet.columns;
  return {
    page,
    x: sheet.left + column * (sheet.width + sheet.gapX),
    y: sheet.top + row * (sheet.height + sheet.gapY),
  };
}

export const FIT_FORMATS: LabelFormat[] = ['a4-3x8', 'a4-2x7', 'roll-62', 'roll-58'];
