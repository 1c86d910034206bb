import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import { PHOTO_MAX_PIXELS, PHOTO_WIDTHS, photoMessages } from '../../../shared/api/photos.ts';
import { loadedOnFirstUse } from '../../../shared/lazy.ts';
import { AppError } from '../../lib/errors.ts';
import { imageKindOf } from './image-kind.ts';
import { oneAtATime } from './queue.ts';

/**
 * sharp, loaded with the first photo rather than at start (about 0.2 s of the server's start
 * went into importing it; docs/decisions/0031 « Start »). Uploads are decoded once and thrown
 * away: sharp's operation cache would only hold memory.
 */
const loadSharp = loadedOnFirstUse(async () => {
  const module = await import('sharp');
  module.default.cache(false);
  return module.default;
});

/** One WebP copy, ready to store. */
export interface EncodedVariant {
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** An upload turned into what is stored (docs/decisions/0017-photos.md). */
export interface ProcessedPhoto {
  /** 32 hex digits of the SHA-256 of the uploaded bytes: the same file always has the same URLs. */
  id: string;
  /** Narrowest first; widths are distinct. */
  variants: EncodedVariant[];
}

const refuse = (message: string) => new AppError('validation', 422, message, { photo: message });

/** A copy is at most three times as tall as wide, so a strip of pixels cannot make a huge WebP (its limit is 16,383 px). */
const MAX_HEIGHT_RATIO = 3;
const WEBP_QUALITY = 75;

/**
 * Checks the bytes are one still JPEG, PNG or WebP image (by their content: the magic number,
 * then libvips' own reading of the header), then makes the WebP copies of PHOTO_WIDTHS.
 * Decoding is bounded: more than PHOTO_MAX_PIXELS is refused from the header, before any
 * pixel is decoded (a 300 kB PNG can announce 100 million pixels). Each copy is rotated as the
 * EXIF orientation says, then written without any metadata (no GPS position, no camera
 * serial). A broken file answers 422 with a French message on the `photo` field.
 */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  const kind = imageKindOf(bytes);
  if (kind === 'other-image') throw refuse(photoMessages.wrongType);
  if (kind === 'unknown') throw refuse(photoMessages.notAnImage);
  const sharp = await loadSharp();
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', autoOrient: true } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw refuse(
      /pixel limit/i.test((error as Error).message) ? photoMessages.tooManyPixels : photoMessages.notAnImage,
    );
  }
  if (metadata.format !== kind) throw refuse(photoMessages.notAnImage);
  if ((metadata.pages ?? 1) > 1) throw refuse(photoMessages.animated);

  const variants = await oneAtATime(async () => {
    const made: EncodedVariant[] = [];
    for (const width of PHOTO_WIDTHS) {
      const { data, info } = await sharp(bytes, options)
        .resize({ width, height: width * MAX_HEIGHT_RATIO, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: 4 })
        .toBuffer({ resolveWithObject: true })
        .catch(() => {
          // The header was fine, the pixels are not: a truncated or corrupt file.
          throw refuse(photoMessages.notAnImage);
        });
      // A small original gives the same copy for several widths: keep one.
      if (!made.some((v) => v.width === info.width))
        made.push({ width: info.width, height: info.height, bytes: new Uint8Array(data) });
    }
    return made;
  });
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 32), variants };
}
