/** What the first bytes of an upload say it is (its magic number), before any decoder runs. */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'other-image' | 'unknown';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Images people may pick that are not accepted: named « format non accepté » rather than « pas une image ». */
const OTHER_IMAGES: { signature: number[]; offset?: number }[] = [
  { signature: ascii('GIF8') },
  { signature: ascii('BM') },
  { signature: [0x49, 0x49, 0x2a, 0x00] }, // TIFF, little-endian
  { signature: [0x4d, 0x4d, 0x00, 0x2a] }, // TIFF, big-endian
  { signature: ascii('ftyp'), offset: 4 }, // HEIC, AVIF (ISO media)
  { signature: [0x00, 0x00, 0x01, 0x00] }, // ICO
  { signature: ascii('%PDF') },
];

/**
 * The upload's kind from its content only (docs/decisions/0017-photos.md): the Content-Type
 * and the file name are whatever the client says. Only JPEG, PNG and WebP reach the decoder:
 * SVG (which can carry scripts), PDF and the rest are refused on their first bytes.
 */
export function imageKindOf(bytes: Uint8Array): ImageKind {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (OTHER_IMAGES.some(({ signature, offset }) => startsWith(bytes, signature, offset))) return 'other-image';
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'other-image';
  return 'unknown';
}
