import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images made in the test, never checked in: a gradient with a mark in one corner (so a
 * rotation shows), in each accepted format, and the broken or refused kinds.
 */
export interface TestImageOptions {
  width?: number;
  height?: number;
  /** Changes the pixels, hence the hash and the URLs. */
  seed?: number;
  /** EXIF orientation tag (6: the camera was turned, the image must be rotated 90° clockwise). */
  orientation?: number;
  /** An EXIF block with a GPS position and a camera serial, which must not survive. */
  privateExif?: boolean;
}

async function pixels({ width = 1200, height = 900, seed = 1 }: TestImageOptions) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const mark = x < width / 4 && y < height / 4;
      raw[i] = mark ? 255 : (x * 255) / width;
      raw[i + 1] = mark ? 0 : (y * 255) / height;
      raw[i + 2] = (seed * 37) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

export async function testJpeg(options: TestImageOptions = {}): Promise<Buffer> {
  let image = (await pixels(options)).jpeg({ quality: 85 });
  if (options.privateExif)
    image = image.withExif({
      IFD0: { Make: 'Appareil', Model: 'Secret', Copyright: 'Chez Paul' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

export const testPng = async (options: TestImageOptions = {}) => (await pixels(options)).png().toBuffer();
export const testWebp = async (options: TestImageOptions = {}) => (await pixels(options)).webp().toBuffer();
export const testGif = async () => (await pixels({ width: 40, height: 30 })).gif().toBuffer();

/** A two-frame animated WebP. */
export async function testAnimatedWebp(): Promise<Buffer> {
  const frame = async (seed: number) => (await pixels({ width: 60, height: 40, seed })).png().toBuffer();
  return sharp([await frame(1), await frame(2)], { join: { animated: true } })
    .webp({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of a few hundred bytes announcing `side` × `side` pixels (100 million by default): a
 * decompression bomb. Only its first rows are given; a decoder that trusted the header would
 * allocate for all of them.
 */
export function testPixelBomb(side = 10_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = deflateSync(Buffer.alloc((side + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The dimensions and metadata of an encoded image, as a browser would read them. */
export const describeImage = (bytes: Uint8Array) => sharp(bytes).metadata();

/** The colour of one pixel (after decoding), to see where the corner mark went. */
export async function pixelAt(bytes: Uint8Array, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
