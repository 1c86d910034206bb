import { describe, expect, it } from 'vitest';
import { bucketOf, egalimShares, egalimTotals, familyOfSubgroup } from './egalim.ts';

describe('EGalim shares', () => {
  it('counts each euro once, bio first, then SIQO, then the other labels, over the known values', () => {
    const totals = egalimTotals([
      { value: 40, labels: ['BIO', 'LABEL_ROUGE'], family: 'VIANDES_VOLAILLES' },
      { value: 20, labels: ['LABEL_ROUGE'], family: 'VIANDES_VOLAILLES' },
      { value: 10, labels: ['HVE'], family: 'FRUITS_ET_LEGUMES' },
      { value: 10, labels: ['PERFORMANCE'], family: 'AUTRES' },
      { value: 20, labels: [], family: 'PRODUITS_DE_LA_MER' },
      { value: null, labels: ['BIO'], family: 'AUTRES' },
    ]);
    // Hand-computed: total 100 €; bio 40; SIQO 20; others 10; procurement 10; sustainable 80.
    expect(totals).toMatchObject({
      purchaseValue: 100,
      organicValue: 40,
      siqoValue: 20,
      otherValue: 10,
      procurementValue: 10,
      sustainableValue: 80,
      meatFishValue: 80,
      meatFishSustainableValue: 60,
      unpricedLines: 1,
    });
    expect(egalimShares(totals)).toEqual({
      sustainablePercent: 80,
      organicPercent: 40,
      meatFishSustainablePercent: 75,
    });
  });

  it('no known value: no percentage (never a false 0 %)', () => {
    expect(egalimShares(egalimTotals([{ value: null, labels: [], family: 'AUTRES' }]))).toEqual({
      sustainablePercent: null,
      organicPercent: null,
      meatFishSustainablePercent: null,
    });
  });

  it('maps labels to buckets and Ciqual subgroups to « ma cantine » families', () => {
    expect([
      bucketOf(['IGP', 'BIO']),
      bucketOf(['STG']),
      bucketOf(['FERMIER']),
      bucketOf(['EXTERNALITES']),
      bucketOf([]),
    ]).toEqual(['bio', 'siqo', 'autres', 'externalites', 'non_egalim']);
    expect(['0402', '0403', '0406', '0201', '0410', '0302', '0602', '0301', null].map(familyOfSubgroup)).toEqual([
      'VIANDES_VOLAILLES',
      'CHARCUTERIE',
      'PRODUITS_DE_LA_MER',
      'FRUITS_ET_LEGUMES',
      'PRODUITS_LAITIERS',
      'BOULANGERIE',
      'BOISSONS',
      'AUTRES',
      'AUTRES',
    ]);
  });
});
