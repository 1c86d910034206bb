import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PHOTO_FILE_NAME, photoFileName, photoMessages } from '../../../shared/api/photos.ts';
import { AppError } from '../../lib/errors.ts';
import {
  describeImage,
  pixelAt,
  testAnimatedWebp,
  testGif,
  testJpeg,
  testPixelBomb,
  testPng,
  testWebp,
} from '../../test/images.ts';
import { processPhoto } from './process-image.ts';

async function refusal(bytes: Uint8Array): Promise<AppError> {
  try {
    await processPhoto(bytes);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the image was accepted');
}

// Encoding 1600 px images takes a few seconds on a busy 2-core machine.
describe('processPhoto', { timeout: 30_000 }, () => {
  it.each([
    ['JPEG', testJpeg],
    ['PNG', testPng],
    ['WebP', testWebp],
  ])('turns a %s into WebP copies 320, 640 and 1024 px wide, named by the hash of the upload', async (_label, make) => {
    const bytes = await make({ width: 1600, height: 1200 });
    const photo = await processPhoto(bytes);
    expect(photo.id).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 32));
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [640, 480],
      [1024, 768],
    ]);
    for (const variant of photo.variants) {
      const read = await describeImage(variant.bytes);
      expect([read.format, read.width, read.height]).toEqual(['webp', variant.width, variant.height]);
      expect(PHOTO_FILE_NAME.test(photoFileName(photo.id, variant.width))).toBe(true);
    }
    // The same file always gives the same names; another file other names.
    expect((await processPhoto(bytes)).id).toBe(photo.id);
    expect((await processPhoto(await make({ width: 1600, height: 1200, seed: 2 }))).id).not.toBe(photo.id);
  });

  it('never enlarges: a small image gives one copy at its own size, a mid-sized one stops at its width', async () => {
    expect(
      (await processPhoto(await testPng({ width: 200, height: 150 }))).variants.map((v) => [v.width, v.height]),
    ).toEqual([[200, 150]]);
    expect((await processPhoto(await testJpeg({ width: 800, height: 600 }))).variants.map((v) => v.width)).toEqual([
      320, 640, 800,
    ]);
  });

  it('keeps a very tall strip within three times its width (WebP cannot exceed 16,383 px)', async () => {
    const photo = await processPhoto(await testPng({ width: 100, height: 20_000 }));
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
      [5, 960],
      [10, 1920],
      [15, 3072],
    ]);
  });

  it('rotates as the EXIF orientation says, then keeps no metadata at all (no GPS position)', async () => {
    const bytes = await testJpeg({ width: 400, height: 300, orientation: 6, privateExif: true });
    const before = await describeImage(bytes);
    expect([before.orientation, Boolean(before.exif)]).toEqual([6, true]);
    const [copy] = (await processPhoto(bytes)).variants;
    const after = await describeImage(copy!.bytes);
    // Orientation 6: turned a quarter clockwise, so portrait, and the red corner mark is now top right.
    expect([after.width, after.height]).toEqual([300, 400]);
    expect([after.exif, after.xmp, after.iptc, after.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const [red] = await pixelAt(copy!.bytes, 290, 10);
    expect(red).toBeGreaterThan(200);
    expect((await pixelAt(copy!.bytes, 10, 10))[0]).toBeLessThan(100);
  });

  it.each([
    [
      'a text file renamed .jpg',
      () => Buffer.from('Ceci n’est pas une photo, juste du texte.'),
      photoMessages.notAnImage,
    ],
    ['an empty body', () => Buffer.alloc(0), photoMessages.notAnImage],
    [
      'random bytes after a JPEG signature',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
      photoMessages.notAnImage,
    ],
    ['a GIF', testGif, photoMessages.wrongType],
    [
      'an SVG',
      () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      photoMessages.wrongType,
    ],
    ['an animated WebP', testAnimatedWebp, photoMessages.animated],
    ['a PNG announcing 100 million pixels', () => testPixelBomb(), photoMessages.tooManyPixels],
  ])('refuses %s with a French 422 on the photo field', async (_label, make, message) => {
    const error = await refusal(await make());
    expect([error.status, error.code, error.message, error.fields]).toEqual([
      422,
      'validation',
      message,
      { photo: message },
    ]);
  });

  it.each([
    ['JPEG', testJpeg],
    ['PNG', testPng],
    ['WebP', testWebp],
  ])('refuses a truncated %s (its header reads fine, its pixels do not)', async (_label, make) => {
    const bytes = await make({ width: 600, height: 400 });
    for (const keep of [0.5, 0.95]) {
      const error = await refusal(bytes.subarray(0, Math.floor(bytes.length * keep)));
      expect([error.status, error.message]).toEqual([422, photoMessages.notAnImage]);
    }
  });
});
