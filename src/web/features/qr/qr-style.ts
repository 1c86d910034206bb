import type { Options } from 'qr-code-styling';
import { saveBlob } from '../../lib/save-file.ts';

type QrCodeStylingClass = (typeof import('qr-code-styling'))['default'];

/**
 * docs/product/spec.md section 9: 300×300 SVG in the generator, 150 px canvases in the list. The
 * download is print-ready (docs/decisions/0036-the-owners-day.md): a 2,000 px PNG (10 cm at 500 dpi),
 * the SVG (vector, any size) and a PDF of the 2,000 px drawing (./qr-pdf.ts).
 */
export const GENERATOR_QR_SIZE = 300;
export const LIST_QR_SIZE = 150;
const DOWNLOAD_QR_SIZE = 2000;
/** The SVG's own size: a vector drawing, scaled at will by the printer. */
const SVG_QR_SIZE = 1000;

/** Drawing must not hang a card forever: qr-code-styling never settles if its image fails to load. */
const DRAW_TIMEOUT_MS = 5_000;

/**
 * The house style: green dots, orange corner squares, white background (docs/product/spec.md section 9).
 * Level Q survives a smudged table card; the white margin keeps a quiet zone so phones and
 * decoders find the code even on a dark table.
 */
function qrOptions(data: string, size: number, type: 'svg' | 'canvas'): Partial<Options> {
  return {
    type,
    width: size,
    height: size,
    data,
    margin: Math.round(size / 20),
    qrOptions: { errorCorrectionLevel: 'Q' },
    dotsOptions: { type: 'rounded', color: '#047857' },
    cornersSquareOptions: { type: 'extra-rounded', color: '#ea580c' },
    cornersDotOptions: { type: 'dot', color: '#047857' },
    backgroundOptions: { color: '#ffffff' },
  };
}

/**
 * qr-code-styling weighs about 50 kB: it is loaded only when a code is drawn. Its bundle
 * sets `module.exports` to the class while its types declare `exports.default`, so the
 * class is taken from wherever the bundler put it.
 */
async function createQr(options: Partial<Options>) {
  const loaded: unknown = (await import('qr-code-styling')).default;
  const QRCodeStyling = (
    typeof loaded === 'function' ? loaded : (loaded as { default: unknown }).default
  ) as QrCodeStylingClass;
  return new QRCodeStyling(options);
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('QR drawing timed out')), DRAW_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Draws `data` into `container` (emptied first) and resolves once the drawing is complete;
 * rejects when the code cannot be drawn. A canvas is drawn at two or three times `size`
 * and shown at `size` CSS pixels, so it stays sharp on phones.
 */
export async function renderQr(
  container: HTMLElement,
  data: string,
  size: number,
  type: 'svg' | 'canvas',
): Promise<void> {
  if (!data) throw new Error('QR code is empty');
  // At least twice the size: qr-code-styling rounds dots to whole pixels, which at 150 px
  // would leave a wide white border around a smaller code.
  const density = type === 'canvas' ? Math.min(Math.max(Math.ceil(window.devicePixelRatio || 1), 2), 3) : 1;
  const qr = await createQr(qrOptions(data, size * density, type));
  // getRawData waits for the drawing and fails when there is nothing to draw.
  const raw = await withTimeout(qr.getRawData(type === 'svg' ? 'svg' : 'png'));
  if (!raw) throw new Error('QR code could not be drawn');
  container.replaceChildren();
  qr.append(container);
  const element = container.firstElementChild;
  if (!(element instanceof HTMLCanvasElement || element instanceof SVGElement))
    throw new Error('QR code could not be drawn');
  if (element instanceof HTMLCanvasElement) {
    element.style.width = `${size}px`;
    element.style.height = `${size}px`;
  }
}

/** The PNG offered for download, 2,000 px square. */
async function qrPngBlob(data: string, size = DOWNLOAD_QR_SIZE): Promise<Blob> {
  if (!data) throw new Error('QR code is empty');
  const qr = await createQr(qrOptions(data, size, 'canvas'));
  const raw = await withTimeout(qr.getRawData('png'));
  if (!(raw instanceof Blob)) throw new Error('QR code could not be drawn');
  return raw;
}

/** The SVG offered for download: the same drawing as vectors. */
async function qrSvgBlob(data: string): Promise<Blob> {
  if (!data) throw new Error('QR code is empty');
  const qr = await createQr(qrOptions(data, SVG_QR_SIZE, 'svg'));
  const raw = await withTimeout(qr.getRawData('svg'));
  if (!(raw instanceof Blob)) throw new Error('QR code could not be drawn');
  return new Blob([raw], { type: 'image/svg+xml' });
}

/** The PDF offered for download: the 2,000 px drawing, 10 cm wide on a 12 cm page. */
async function qrPdfBlob(data: string, title: string): Promise<Blob> {
  const bitmap = await createImageBitmap(await qrPngBlob(data));
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('QR code could not be drawn');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0);
  const { pdfWithImage, rgbOf } = await import('./qr-pdf.ts');
  const pdf = await pdfWithImage(rgbOf(context.getImageData(0, 0, canvas.width, canvas.height)), { title });
  return new Blob([pdf as BlobPart], { type: 'application/pdf' });
}

export type QrFileFormat = 'png' | 'svg' | 'pdf';

/** Saves the code as `{fileName}.png`, `.svg` or `.pdf`. */
export async function downloadQrFile(
  data: string,
  fileName: string,
  format: QrFileFormat,
  title: string,
): Promise<void> {
  const blob =
    format === 'png' ? await qrPngBlob(data) : format === 'svg' ? await qrSvgBlob(data) : await qrPdfBlob(data, title);
  saveBlob(blob, `${fileName}.${format}`);
}
