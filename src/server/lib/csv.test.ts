import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, escaped quotes and line breaks', () => {
    const text = 'code,name\n1,"Salade, avec ""sauce"""\r\n2,"Deux\nlignes"\n';
    expect(parseCsv(text)).toEqual([
      ['code', 'name'],
      ['1', 'Salade, avec "sauce"'],
      ['2', 'Deux\nlignes'],
    ]);
  });

  it('keeps empty cells as empty strings and ignores a byte-order mark', () => {
    expect(parseCsv('\ufeffa,b,c\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
  });

  it('maps rows to the header', () => {
    expect(parseCsvRecords('a,b\n1,2\n\n')).toEqual([{ a: '1', b: '2' }]);
  });
});
