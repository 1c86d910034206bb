import { describe, expect, it } from 'vitest';
import { catalogueMeatKind } from './catalogue-meat-kinds.ts';

// Names and subgroups as Ciqual 2025 writes them (data/ciqual/ciqual.csv).
describe('catalogueMeatKind', () => {
  it('reads the animal of a meat or charcuterie, the animal named first', () => {
    expect(catalogueMeatKind('Lardon nature, cru', 'charcuteries et alternatives végétales')).toBe('porcine');
    expect(catalogueMeatKind("Boeuf, paleron, braisé ou bouilli/cuit à l'eau", 'viandes cuites')).toBe('bovine');
    expect(catalogueMeatKind('Veau, escalope cuite', 'viandes cuites')).toBe('bovine');
    expect(catalogueMeatKind('Agneau, gigot rôti/cuit au four', 'viandes cuites')).toBe('ovine');
    expect(catalogueMeatKind('Poulet, viande et peau crues', 'viandes crues')).toBe('volaille');
    expect(catalogueMeatKind('Saucisse de volaille façon charcutière', 'charcuteries et alternatives végétales')).toBe(
      'volaille',
    );
    expect(catalogueMeatKind('Saucisse de Toulouse cuite', 'charcuteries et alternatives végétales')).toBe('porcine');
    expect(catalogueMeatKind('Jambon cuit, supérieur', 'charcuteries et alternatives végétales')).toBe('porcine');
  });

  it('leaves out what the decree does not cover and what is not a meat', () => {
    expect(catalogueMeatKind('Cheval, viande rôtie/cuite au four', 'viandes cuites')).toBeNull();
    expect(catalogueMeatKind('Lapin, viande braisée', 'viandes cuites')).toBeNull();
    expect(catalogueMeatKind('Boeuf bourguignon', 'plats composés')).toBeNull();
    expect(catalogueMeatKind('Bouillon de boeuf, déshydraté reconstitué', 'soupes')).toBeNull();
    expect(catalogueMeatKind('Oeuf cru', 'oeufs')).toBeNull();
  });
});
