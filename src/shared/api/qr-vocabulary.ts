/**
 * A QR code's words and shapes (messages, default and file names, the API's answers), without
 * zod: the « Codes QR » page and its generator show them before any schema is needed (the
 * 120 kB of first-load JavaScript, docs/decisions/0041-first-load-javascript.md). The schemas stay
 * in ./qr.ts, which re-exports these.
 */
export const qrMessages = {
  mustLogIn: 'Vous devez être connecté pour générer un code QR',
  nameRequired: 'Veuillez donner un nom à votre code QR',
  nameTooLong: 'Le nom ne peut pas dépasser 200 caractères',
  menuRequired: 'Veuillez sélectionner un menu',
  statusInvalid: 'Statut invalide',
} as const;

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

/** GET /api/qr-codes/:id/stats?days=30: scans per Europe/Paris day, oldest first, zero days included. */
export interface QrScanStats {
  days: { date: string; scans: number }[];
  total: number;
}
