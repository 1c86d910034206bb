import { z } from '../zod-fr.ts';
import { qrMessages } from './qr-vocabulary.ts';

export * from './qr-vocabulary.ts';

export const qrCreateSchema = z.object({
  name: z
    .string({ error: qrMessages.nameRequired })
    .trim()
    .min(1, qrMessages.nameRequired)
    .max(200, qrMessages.nameTooLong),
  menuId: z.string({ error: qrMessages.menuRequired }).uuid(qrMessages.menuRequired),
});
export const qrStatusSchema = z.object({ status: z.enum(['active', 'inactive'], { error: qrMessages.statusInvalid }) });
export type QrCreateInput = z.input<typeof qrCreateSchema>;

/** POST /api/qr-codes/:id/downloads: the owner downloaded the PNG (for the qr_code_downloaded event). */
export const qrDownloadSchema = z.object({ size: z.number().int().min(1).max(10_000) });
