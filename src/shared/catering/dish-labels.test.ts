import { describe, expect, it } from 'vitest';
import { dishLabels } from './dish-labels.ts';

describe('dishLabels', () => {
  it('names each sign with the ingredients that carry it, in the « ma cantine » order of signs', () => {
    expect(
      dishLabels([
        { name: 'Poulet fermier Label Rouge', labels: ['LABEL_ROUGE', 'FERMIER'] },
        { name: 'Riz', labels: [] },
        { name: 'Carottes', labels: ['BIO'] },
        { name: 'Crème', labels: ['BIO'] },
      ]),
    ).toEqual([
      { label: 'BIO', name: 'Bio', ingredients: ['Carottes', 'Crème'] },
      { label: 'LABEL_ROUGE', name: 'Label Rouge', ingredients: ['Poulet fermier Label Rouge'] },
      { label: 'FERMIER', name: 'Fermier', ingredients: ['Poulet fermier Label Rouge'] },
    ]);
  });

  it('shows nothing for a dish without a labelled product, nor for accounting-only categories', () => {
    expect(dishLabels([{ name: 'Pâtes', labels: [] }])).toEqual([]);
    expect(dishLabels([{ name: 'Pommes', labels: ['EXTERNALITES', 'PERFORMANCE', 'RUP'] }])).toEqual([]);
  });

  it('names an ingredient used twice once', () => {
    expect(
      dishLabels([
        { name: 'Lait', labels: ['BIO'] },
        { name: 'Lait', labels: ['BIO'] },
      ])[0]!.ingredients,
    ).toEqual(['Lait']);
  });
});
