import { toast } from '../../lib/toast.ts';
import { qrFileName } from '../../../shared/api/qr-vocabulary.ts';
import { downloadQrFile, type QrFileFormat } from './qr-style.ts';

/**
 * « Télécharger »: the code named qr-code-{name} (docs/product/spec.md section 9), print-ready
 * as a 2,000 px PNG, an SVG or a PDF (./qr-style.ts), with its toast.
 */
export async function downloadQrCode(code: { name: string; qrData: string }, format: QrFileFormat): Promise<void> {
  try {
    await downloadQrFile(code.qrData, qrFileName(code.name), format, code.name);
    toast.success('Code QR téléchargé !');
  } catch (error) {
    console.error('QR download failed', error);
    toast.error('Erreur lors du téléchargement');
  }
}
