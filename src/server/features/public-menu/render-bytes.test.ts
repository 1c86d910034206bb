import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PublicMenu } from '../../../shared/api/public-menu.ts';
import { toPhoto } from '../../../shared/api/photos.ts';
import { dinerView, FRENCH_VIEW } from './diner-view.ts';
import { renderMenuNotFoundPage, renderMenuPage } from './render.ts';

/** Every markup character an owner could type, in text and in attributes. */
const H = `<script>alert("x")</script><img src=x onerror='alert(1)'>&amp; l’été`;

/**
 * A menu whose every owner-typed field is hostile, with a photo, a sold-out dish, a drink with
 * its own labels, formules, translations, origins, a Nutri-Score and a Premium owner: the
 * renderer's bytes are compared over it.
 */
const hostileMenu: PublicMenu = {
  id: '00000000-0000-4000-8000-000000000001',
  name: `Carte ${H}`,
  description: `Description ${H}`,
  translations: { en: { name: `Menu ${H}`, description: `About ${H}` } },
  restaurantName: `Chez ${H}`,
  restaurantAddress: `1 rue ${H}`,
  restaurantPhone: `01 23 "45" 67 <89>`,
  accessibilityContact: `https://example.fr/a?b=1&c="2"<x>`,
  ownerIsPremium: true,
  formules: [
    {
      name: `Formule ${H}`,
      price: 18.5,
      choices: [[`Entrées ${H}`, 'Plats'], ['Plats']],
      translations: { en: { name: `Set ${H}` } },
    },
  ],
  sections: [
    {
      id: 's1',
      name: `Entrées ${H}`,
      description: `Section ${H}`,
      translations: { en: { name: `Starters ${H}` } },
      items: [
        {
          id: 'i1',
          name: `Gratin ${H}`,
          description: `Plat ${H}`,
          price: 12.5,
          labels: null,
          photoUrl: null,
          photo: toPhoto('0123456789abcdef0123456789abcdef', [
            { width: 320, height: 240 },
            { width: 640, height: 480 },
          ]),
          soldOut: true,
          translations: { en: { name: `Bake ${H}`, description: `Dish ${H}` } },
          recipe: {
            caloriesPerServing: 412,
            proteinPerServing: 6.3,
            carbsPerServing: 30.25,
            fatPerServing: 20,
            allergens: ['Lait', 'Gluten'],
            allergenStatus: 'declared',
            traces: ['Œufs'],
            dietaryInfo: ['Végétarien'],
            nutriScore: 'B',
            nutriScoreCategory: 'general',
            homemade: true,
            meatOrigins: [
              {
                meat: `Bœuf ${H}`,
                text: `Origine : ${H}`,
                bovine: true,
                countries: { born: H, reared: 'France', slaughtered: 'France' },
              },
            ],
          },
        },
        {
          id: 'i2',
          name: `Eau ${H}`,
          description: '',
          price: null,
          labels: { allergens: [], allergenStatus: 'declared', traces: [], dietaryInfo: ['Vegan'] },
          photoUrl: null,
          photo: null,
          soldOut: false,
          translations: {},
          recipe: null,
        },
        {
          id: 'i3',
          name: `Mystère ${H}`,
          description: '',
          price: 4,
          labels: null,
          photoUrl: null,
          photo: null,
          soldOut: false,
          translations: {},
          recipe: {
            caloriesPerServing: null,
            proteinPerServing: null,
            carbsPerServing: null,
            fatPerServing: null,
            allergens: ['Arachides'],
            allergenStatus: 'unverified',
            traces: [],
            dietaryInfo: [],
            nutriScore: null,
            homemade: false,
            meatOrigins: [],
          },
        },
      ],
    },
    { id: 's2', name: 'Plats', description: '', items: [] },
  ],
};

/**
 * rendered-before/ holds what the renderer wrote for this menu when it built the page from
 * template strings escaped by hand (`escapeHtml` on each owner's text), before hono/html's
 * tagged templates escaped every value by construction: the pages must stay byte for byte the same.
 */
const before = path.join(import.meta.dirname, 'rendered-before');
const cases: Record<string, () => string> = {
  fr: () => renderMenuPage(hostileMenu, FRENCH_VIEW),
  'fr-origin': () => renderMenuPage(hostileMenu, FRENCH_VIEW, 'https://nutricarte.example'),
  'en-sans-lait': () =>
    renderMenuPage(hostileMenu, dinerView({ lang: ['en'], sans: ['lait'] }, undefined), 'https://nutricarte.example'),
  de: () => renderMenuPage(hostileMenu, dinerView({ lang: ['de'] }, undefined)),
  empty: () => renderMenuPage({ ...hostileMenu, ownerIsPremium: false, formules: [], sections: [] }, FRENCH_VIEW),
  'not-found-it': () => renderMenuNotFoundPage(dinerView({ lang: ['it'] }, undefined)),
};

describe('the diner’s page, escaped by construction (hono/html)', () => {
  it('writes a menu whose every owner text is hostile byte for byte as before, in four views and the 404', () => {
    expect(readdirSync(before).sort()).toEqual(
      Object.keys(cases)
        .map((name) => `${name}.html`)
        .sort(),
    );
    for (const [name, render] of Object.entries(cases)) {
      const page = render();
      expect(page, name).toBe(readFileSync(path.join(before, `${name}.html`), 'utf8'));
      expect(page, name).not.toContain('<script>alert');
      // No owner's markup gets through (the JSON-LD of the head keeps `'`, with `<` as \u003c).
      expect(page, name).not.toContain('<img src=x');
    }
  });
});
