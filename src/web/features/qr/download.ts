import { toast } from '../../lib/toast.ts';
import { qrFileName } from '../../../shared/api/qr-vocabulary.ts';
import { downloadQrPng } from './qr-style.ts';

/** « Télécharger »: the 400 px PNG named qr-code-{name} (docs/product/spec.md section 9), with its toast. */
export async function downloadQrCode(code: { name: string; qrData: string }): Promise<void> {
  try {
    await downloadQrPng(code.qrData, qrFileName(code.name));
    toast.success('Code QR téléchargé !');
  } catch (error) {
    console.error('QR download failed', error);
    toast.error('Erreur lors du téléchargement');
  }
}
