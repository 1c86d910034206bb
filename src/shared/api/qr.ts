import { z } from '../zod-fr.ts';

export const qrMessages = {
  mustLogIn: 'Vous devez être connecté pour générer un code QR',
  nameRequired: 'Veuillez donner un nom à votre code QR',
  nameTooLong: 'Le nom ne peut pas dépasser 200 caractères',
  menuRequired: 'Veuillez sélectionner un menu',
  statusInvalid: 'Statut invalide',
} as const;

export const qrCreateSchema = z.object({
  name: z.string({ error: qrMessages.nameRequired }).trim().min(1, qrMessages.nameRequired).max(200, qrMessages.nameTooLong),
  menuId: z.string({ error: qrMessages.menuRequired }).uuid(qrMessages.menuRequired),
});
export const qrStatusSchema = z.object({ status: z.enum(['active', 'inactive'], { error: qrMessages.statusInvalid }) });
export type QrCreateInput = z.input<typeof qrCreateSchema>;

/** docs/product/api.md « QR codes ». */
export interface QrCode {
  id: string;
  name: string;
  qrData: string;
  status: 'active' | 'inactive';
  scanCount: number;
  createdAt: string;
  menu: { id: string; name: string };
}

/** docs/product/spec.md: the default name is « QR - {menu name} ». */
export const defaultQrName = (menuName: string) => `QR - ${menuName}`;

/** docs/product/spec.md section 9: PNG named qr-code-{name lowercased with spaces turned to hyphens}. */
export const qrFileName = (name: string) => `qr-code-${name.toLowerCase().replace(/\s+/g, '-')}`;

/** POST /api/qr-codes/:id/downloads: the owner downloaded the PNG (for the qr_code_downloaded event). */
export const qrDownloadSchema = z.object({ size: z.number().int().min(1).max(10_000) });

/** GET /api/qr-codes/:id/stats?days=30: scans per Europe/Paris day, oldest first, zero days included. */
export interface QrScanStats {
  days: { date: string; scans: number }[];
  total: number;
}
