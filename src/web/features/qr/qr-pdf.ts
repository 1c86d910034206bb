/**
 * A one-page PDF holding one picture (the QR code drawn in the house style), for a print shop:
 * PDF 1.4 (ISO 32000-1), the picture as an RGB image compressed with FlateDecode (zlib, what the
 * browser's CompressionStream('deflate') writes), placed at `imageMm` millimetres in the middle of a
 * square page `pageMm` wide. Written by hand (a page, an image, a drawing command): no library
 * for some 80 lines, and nothing more in the page's bundle than this file when « PDF » is chosen.
 */
export interface RgbImage {
  width: number;
  height: number;
  /** width × height × 3 bytes, rows top to bottom. */
  rgb: Uint8Array;
}

const MM = 72 / 25.4;
const MATRIX = 'cm';
const DRAW = 'Do';
const encoder = new TextEncoder();

/** A text as a PDF string: UTF-16BE with its byte order mark, in hexadecimal (any character). */
const pdfText = (text: string) =>
  `<FEFF${[...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('')}>`;

async function zlib(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The RGB bytes of a canvas (the white background makes the alpha channel useless). */
export function rgbOf(image: ImageData): RgbImage {
  const rgb = new Uint8Array(image.width * image.height * 3);
  for (let i = 0, j = 0; i < image.data.length; i += 4, j += 3) {
    rgb[j] = image.data[i]!;
    rgb[j + 1] = image.data[i + 1]!;
    rgb[j + 2] = image.data[i + 2]!;
  }
  return { width: image.width, height: image.height, rgb };
}

export async function pdfWithImage(
  image: RgbImage,
  { title, pageMm = 120, imageMm = 100 }: { title: string; pageMm?: number; imageMm?: number },
): Promise<Uint8Array> {
  const page = Math.round(pageMm * MM * 100) / 100;
  const side = Math.round(imageMm * MM * 100) / 100;
  const offset = Math.round(((page - side) / 2) * 100) / 100;
  const pixels = await zlib(image.rgb);
  // PDF operators (§ 8.3.4: `cm` sets the matrix), written apart so no French typography touches them.
  const drawing = `q ${side} 0 0 ${side} ${offset} ${offset} ${MATRIX} /Im0 ${DRAW} Q\n`;
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (body: string | ((push: (chunk: string | Uint8Array) => void) => void)) => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n`);
    if (typeof body === 'string') push(body);
    else body(push);
    push('\nendobj\n');
  };
  // A binary comment on line 2 tells transfer tools the file is binary.
  push('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page} ${page}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`,
  );
  object((write) => {
    write(
      `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
    );
    write(pixels);
    write('\nendstream');
  });
  object(`<< /Length ${encoder.encode(drawing).length} >>\nstream\n${drawing}endstream`);
  object(`<< /Title ${pdfText(title)} /Producer (NutriCarte) >>`);
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const at of offsets) push(`${String(at).padStart(10, '0')} 00000 n \n`);
  push(
    `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R /Info ${offsets.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
