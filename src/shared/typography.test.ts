import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, fr, frenchInteger, frenchTypography, NBSP, NNBSP, withUnit } from './typography.ts';

/** Shows the invisible spaces: « _ » no-break, « ^ » narrow no-break. */
const visible = (text: string) => text.replaceAll(NBSP, '_').replaceAll(NNBSP, '^');
const typeset = (text: string) => visible(frenchTypography(text));

describe('frenchTypography', () => {
  it('puts a narrow no-break space before ; ! ? and a no-break space before :', () => {
    expect(typeset('Connexion réussie !')).toBe('Connexion réussie^!');
    expect(typeset('Mot de passe oublié ?')).toBe('Mot de passe oublié^?');
    expect(typeset('décret ; annexe')).toBe('décret^; annexe');
    expect(typeset('Contient : gluten')).toBe('Contient_: gluten');
    // A space of the wrong kind is corrected; several become one.
    expect(typeset(`Vraiment${NBSP}?`)).toBe('Vraiment^?');
    expect(typeset(`Menu${NNBSP}: midi`)).toBe('Menu_: midi');
    expect(typeset('Quoi  ?')).toBe('Quoi^?');
  });

  it('leaves punctuation without a space before it alone (times, addresses, code)', () => {
    for (const text of ['12:30', 'https://nutricarte.fr/menu?x=1', 'a:b', 'Bravo!'])
      expect(frenchTypography(text)).toBe(text);
  });

  it('puts no-break spaces inside guillemets, whatever was written', () => {
    expect(typeset('« Menu »')).toBe('«_Menu_»');
    expect(typeset('«Menu»')).toBe('«_Menu_»');
    expect(typeset(`«${NNBSP}Menu  »`)).toBe('«_Menu_»');
  });

  it('keeps a number with its unit or counted word', () => {
    expect(typeset('4 unités')).toBe('4_unités');
    expect(typeset('250 g de farine')).toBe('250_g de farine');
    expect(typeset('10 €/mois')).toBe('10_€/mois');
    expect(typeset('1 530 kJ / 366 kcal')).toBe('1^530_kJ / 366_kcal');
    expect(typeset('5 recettes, 1 menu et 1 code QR')).toBe('5_recettes, 1_menu et 1_code QR');
    expect(typeset('valable 1 heure')).toBe('valable 1_heure');
    expect(typeset('n° 1169/2011')).toBe('n°_1169/2011');
    // Not a unit: a word that only starts like one.
    expect(typeset('5 gratins')).toBe('5 gratins');
    expect(typeset('2 la suite')).toBe('2 la suite');
  });

  it('keeps the no-break space Intl writes before a percent', () => {
    const percent = new Intl.NumberFormat('fr-FR', { style: 'percent' }).format(0.12);
    expect(frenchTypography(percent)).toBe(percent);
  });

  it('writes the typographic apostrophe between letters only', () => {
    expect(frenchTypography("L'email n'est pas valide, aujourd'hui")).toBe('L’email n’est pas valide, aujourd’hui');
    expect(frenchTypography("'cité'")).toBe("'cité'");
  });

  it('is idempotent and changes only spaces and apostrophes', () => {
    const samples = ["Qu'y a-t-il ? « Rien » : 12,50 € ; 3 portions !", 'Texte sans rien à corriger.', ''];
    for (const sample of samples) {
      const once = frenchTypography(sample);
      expect(frenchTypography(once)).toBe(once);
      expect(once.replace(/[\u00a0\u202f]/g, ' ').replaceAll('’', "'")).toBe(sample);
    }
  });
});

describe('fr tag', () => {
  it('typesets the fixed parts and leaves the values as typed', () => {
    const name = "Menu d'été : midi !";
    expect(visible(fr`Recette « ${name} » supprimée !`)).toBe("Recette «_Menu d'été : midi !_» supprimée^!");
  });

  it('keeps an interpolated number with the unit that follows', () => {
    expect(visible(fr`${4} recettes`)).toBe('4_recettes');
    expect(visible(fr`${'1 530'} kJ et ${'la'} g`)).toBe('1 530_kJ et la g');
    expect(fr`${'Menu'} seul`).toBe('Menu seul');
  });
});

describe('withUnit and countOf', () => {
  it('joins a value and its unit with a no-break space', () => {
    expect(visible(withUnit('366', 'kcal'))).toBe('366_kcal');
  });

  it('counts in French: 0 and 1 singular, thousands grouped', () => {
    expect(visible(countOf(0, 'recette'))).toBe('0_recette');
    expect(visible(countOf(1, 'recette'))).toBe('1_recette');
    expect(visible(countOf(2, 'code QR', 'codes QR'))).toBe('2_codes QR');
    expect(visible(countOf(1500, 'scan'))).toBe('1^500_scans');
  });
});

describe('frenchInteger', () => {
  const intl = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

  it('writes what Intl writes for fr-FR, without it for safe integers', () => {
    expect(visible(frenchInteger(1234567))).toBe('1^234^567');
    expect(frenchInteger(-1500)).toBe(intl.format(-1500));
    for (const n of [
      0,
      -0,
      7,
      999,
      1000,
      -999999,
      2.5,
      -0.4,
      1e21,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      NaN,
      Infinity,
      -Infinity,
    ]) {
      expect(frenchInteger(n), String(n)).toBe(intl.format(n));
    }
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.integer(), fc.double()), (n) => frenchInteger(n) === intl.format(n)),
      { numRuns: 2000 },
    );
  });
});
