import type { Options } from 'qr-code-styling';
import { saveBlob } from '../../lib/save-file.ts';

type QrCodeStylingClass = (typeof import('qr-code-styling'))['default'];

/** docs/product/spec.md section 9: 300×300 SVG in the generator, 150 px canvases in the list, 400 px PNG download. */
export const GENERATOR_QR_SIZE = 300;
export const LIST_QR_SIZE = 150;
const DOWNLOAD_QR_SIZE = 400;

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

/** The PNG offered for download (docs/product/spec.md section 9: 400 px). */
async function qrPngBlob(data: string, size = DOWNLOAD_QR_SIZE): Promise<Blob> {
  if (!data) throw new Error('QR code is empty');
  const qr = await createQr(qrOptions(data, size, 'canvas'));
  const raw = await withTimeout(qr.getRawData('png'));
  if (!(raw instanceof Blob)) throw new Error('QR code could not be drawn');
  return raw;
}

/** Saves the code as `{fileName}.png`. */
export async function downloadQrPng(data: string, fileName: string): Promise<void> {
  saveBlob(await qrPngBlob(data), `${fileName}.png`);
}
