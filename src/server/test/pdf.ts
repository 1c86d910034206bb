import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';

/**
 * A PDF read as a person would (poppler-utils: pdftotext, pdfinfo, pdffonts, pdftoppm), for
 * the labels' tests. With LABEL_PNG_DIR set, the PDF and its pages' images are kept there to be looked at.
 */
export interface ReadPdf {
  /** pdftotext -layout of every page. */
  text: string;
  /** The text of each page. */
  pages: string[];
  /** Page sizes in points. */
  sizes: { width: number; height: number }[];
  /** pdffonts' lines: name, embedded, subset, Unicode map. */
  fonts: { name: string; embedded: boolean; unicode: boolean }[];
  /** Each page as an image (100 dpi unless asked). */
  images: PNG[];
}

export function readPdf(bytes: Uint8Array, keepAs?: string, dpi = 100): ReadPdf {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nutricarte-pdf-'));
  try {
    const file = path.join(dir, 'label.pdf');
    writeFileSync(file, bytes);
    const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });
    const text = run('pdftotext', ['-layout', file, '-']);
    const info = run('pdfinfo', ['-f', '1', '-l', '999', file]);
    const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({
      width: Number(m[1]),
      height: Number(m[2]),
    }));
    const fonts = run('pdffonts', [file])
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        // name type… encoding emb sub uni object ID
        return { name: cols[0]!, embedded: cols.at(-5) === 'yes', unicode: cols.at(-3) === 'yes' };
      });
    run('pdftoppm', ['-r', String(dpi), '-png', file, path.join(dir, 'page')]);
    const pngs = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort();
    const images = pngs.map((f) => PNG.sync.read(readFileSync(path.join(dir, f))));
    const keep = process.env.LABEL_PNG_DIR;
    if (keep && keepAs) {
      mkdirSync(keep, { recursive: true });
      pngs.forEach((f, i) => copyFileSync(path.join(dir, f), path.join(keep, `${keepAs}-${i + 1}.png`)));
      copyFileSync(file, path.join(keep, `${keepAs}.pdf`));
    }
    return { text, pages: text.split('\f').slice(0, sizes.length), sizes, fonts, images };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Share of dark pixels in a rectangle of an image (fractions of its width and height): where ink is. */
export function inkIn(image: PNG, x0: number, y0: number, x1: number, y1: number): number {
  let dark = 0;
  let all = 0;
  for (let y = Math.floor(y0 * image.height); y < Math.floor(y1 * image.height); y++)
    for (let x = Math.floor(x0 * image.width); x < Math.floor(x1 * image.width); x++) {
      const i = (y * image.width + x) * 4;
      all++;
      if (image.data[i]! + image.data[i + 1]! + image.data[i + 2]! < 384) dark++;
    }
  return all === 0 ? 0 : dark / all;
}
