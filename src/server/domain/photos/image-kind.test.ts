import { describe, expect, it } from 'vitest';
import { imageKindOf } from './image-kind.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('imageKindOf', () => {
  it('reads JPEG, PNG and WebP from their magic numbers, whatever the name or type claimed', () => {
    expect(imageKindOf(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('jpeg');
    expect(imageKindOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(imageKindOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(imageKindOf(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBe('unknown');
  });

  it('names other images (GIF, BMP, TIFF, HEIC, SVG, PDF) apart from what is not an image', () => {
    for (const other of [
      bytes('GIF89a'),
      bytes('BM', [0, 0]),
      bytes([0x49, 0x49, 0x2a, 0]),
      bytes([0, 0, 0, 0x18], 'ftypheic'),
      bytes('  <svg xmlns="x">'),
      bytes('<?xml version="1.0"?>\n<svg>'),
      bytes('%PDF-1.7'),
    ]) {
      expect(imageKindOf(other)).toBe('other-image');
    }
    for (const notImage of [bytes(''), bytes('hello'), bytes('<?xml version="1.0"?><menu/>'), bytes([0xff, 0xd8])]) {
      expect(imageKindOf(notImage)).toBe('unknown');
    }
  });
});
