import jsqr from 'jsqr';
import pngjs from 'pngjs';

// jsqr's bundle sets `module.exports` to the function while its types declare a default export.
const decodeQr = ((jsqr as unknown as { default?: unknown }).default ??
  jsqr) as unknown as (typeof import('jsqr'))['default'];

/** Reads a PNG and decodes the QR code in it, as a phone's camera app would. */
export function decodePng(bytes: Buffer): { width: number; height: number; text: string | null } {
  const png = pngjs.PNG.sync.read(bytes);
  const pixels = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  return { width: png.width, height: png.height, text: decodeQr(pixels, png.width, png.height)?.data ?? null };
}
