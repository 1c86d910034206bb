import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from './csv.ts';

describe('parseCsvRecords', () => {
  it('reads quoted fields with commas, escaped quotes and line breaks', () => {
    const text = 'code,name\n1,"Salade, avec ""sauce"""\r\n2,"Deux\nlignes"\n';
    expect(parseCsvRecords(text)).toEqual([
      { code: '1', name: 'Salade, avec "sauce"' },
      { code: '2', name: 'Deux\nlignes' },
    ]);
  });

  it('keeps empty cells as empty strings, ignores a byte-order mark and blank lines', () => {
    expect(parseCsvRecords('\ufeffa,b,c\n1,,3\n\n')).toEqual([{ a: '1', b: '', c: '3' }]);
  });
});
