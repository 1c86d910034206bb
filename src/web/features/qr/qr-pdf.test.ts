import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfWithImage, rgbOf } from './qr-pdf.ts';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('the QR code as a PDF', () => {
  it('is a one-page PDF 1.4 whose cross-reference table points at each object and whose image is the picture', async () => {
    // 3 × 2 pixels: red, green, blue / white, black, orange.
    const data = new Uint8ClampedArray([
      255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, 234, 88, 12, 255,
    ]);
    const image = rgbOf({ width: 3, height: 2, data, colorSpace: 'srgb' } as ImageData);
    expect([...image.rgb]).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 234, 88, 12]);
    const pdf = await pdfWithImage(image, { title: 'Carte d’été', pageMm: 120, imageMm: 100 });
    const text = latin1(pdf);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    // ISO 32000-1 § 7.5.4: each entry is the byte offset of « n 0 obj ».
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(6);
    entries.forEach((offset, index) => expect(text.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`));
    // The page is 120 mm (340,16 pt) square; the picture 100 mm (283,46 pt), centred.
    expect(text).toContain('/MediaBox [0 0 340.16 340.16]');
    expect(text).toContain('q 283.46 0 0 283.46 28.35 28.35 cm /Im0 Do Q');
    const image4 = /\/Width 3 \/Height 2 .*\/Length (\d+) >>\nstream\n/.exec(text)!;
    const start = image4.index + image4[0].length;
    const compressed = pdf.slice(start, start + Number(image4[1]));
    expect([...inflateSync(compressed)]).toEqual([...image.rgb]);
    // The title in UTF-16BE, any character: « ’ » is U+2019.
    expect(text).toContain('/Title <FEFF0043006100720074006500200064201900e9007400e9>');
  });
});
