import type { Label, TemoinDay, TemoinLabel } from '../../../../shared/api/labels.ts';
import { SERVICE_LABELS } from '../../../../shared/catering/catering.ts';
import { frenchDate, frenchDayDate } from '../../../../shared/labels/dates.ts';
import type { ComputedLabel } from '../../../../shared/labels/label.ts';
import { quantityText } from '../../../../shared/labels/label.ts';
import { bold, plain, type Segment } from '../../../../shared/labels/rich-text.ts';
import { NBSP } from '../../../../shared/typography.ts';
import type { Block } from './flow.ts';

/** A label ready to print: its text, its barcode, and for a « plat témoin » the box for the cook's initials. */
export interface Printable {
  title: string;
  blocks: Block[];
  barcode: Label['barcode'];
  initialsBox?: true;
}

const dot = plain(' · ');

/**
 * An INCO label (Regulation 1169/2011 article 9): denomination, « Fait maison », ingredients
 * with their allergens emphasised, « Peut contenir », nutrition, use-by date and lot, net
 * quantity and storage, the operator's name and address.
 */
export function incoPrintable({ label, ingredientSegments, containsSegments }: ComputedLabel): Printable {
  const blocks: Block[] = [{ segments: [bold(label.denomination)], scale: 1.25, role: 'denomination' }];
  if (label.homemade) blocks.push({ segments: [bold('Fait maison')], spaceBefore: 0.1 });
  if (ingredientSegments.length > 0 || containsSegments.length > 0) {
    const segments: Segment[] = [bold(`Ingrédients${NBSP}: `), ...ingredientSegments, plain('.')];
    if (containsSegments.length > 0) segments.push(plain(' '), ...containsSegments);
    if (label.tracesText) segments.push(plain(' '), plain(label.tracesText));
    blocks.push({ segments, role: 'ingredients' });
  } else if (label.tracesText) blocks.push({ segments: [plain(label.tracesText)], role: 'ingredients' });
  for (const sentence of label.nutrition.text) blocks.push({ segments: [plain(sentence)], role: 'nutrition' });
  blocks.push({
    segments: [
      bold(`À consommer jusqu’au${NBSP}:${NBSP}${frenchDate(label.useBy)}`),
      dot,
      plain(`Lot${NBSP}:${NBSP}${label.lot}`),
    ],
  });
  const net = quantityText(label.netQuantity.value, label.netQuantity.unit);
  blocks.push({
    segments: [
      plain(`${label.netQuantity.unit === 'ml' ? 'Volume net' : 'Poids net'}${NBSP}:${NBSP}${net}`),
      dot,
      plain(label.storage),
    ],
    spaceBefore: 0.1,
  });
  if (label.establishment)
    blocks.push({
      segments: [plain([label.establishment.name, label.establishment.address].filter(Boolean).join(', '))],
      spaceBefore: 0.1,
    });
  return { title: label.denomination, blocks, barcode: label.barcode };
}

/** « 12:00 » → « 12 h 00 ». */
const frenchTime = (time: string) => time.replace(':', `${NBSP}h${NBSP}`);

/**
 * A « plat témoin » (arrêté of 21 December 2009, annex IV): the dish, when it was served,
 * where, how long and how cold it is kept, when it is thrown away, and a box for the initials
 * of the cook who took it.
 */
export function temoinPrintable(day: TemoinDay, dish: TemoinLabel): Printable {
  const blocks: Block[] = [
    { segments: [bold('PLAT TÉMOIN')], spaceBefore: 0 },
    { segments: [bold(dish.dish)], scale: 1.25, role: 'denomination', spaceBefore: 0.1 },
    {
      segments: [plain(`${SERVICE_LABELS[dish.service]} du ${frenchDayDate(dish.date)} à ${frenchTime(dish.time)}`)],
    },
    { segments: [plain(day.establishment.name)], spaceBefore: 0.1 },
    {
      segments: [
        bold(`À conserver 5${NBSP}jours à 0–3${NBSP}°C`),
        plain(`, jusqu’au ${frenchDate(dish.keepUntil)} inclus`),
      ],
    },
    { segments: [plain(`À détruire le${NBSP}:${NBSP}`), bold(frenchDayDate(dish.destroyOn))], spaceBefore: 0.1 },
  ];
  return { title: dish.dish, blocks, barcode: null, initialsBox: true };
}
