import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import type { PublicMenu, PublicMenuItem } from '../../../shared/api/public-menu.ts';
import { dinerView } from './diner-view.ts';
import { renderMenuPage } from './render.ts';

/**
 * The JSON-LD of the public menu page against schema.org's vocabulary. The vocabulary is the
 * one schema-dts ships (Google's typings generated from a schema.org release): each type's
 * properties, inherited ones included, and the members of the enumerations used here. The
 * JSON-LD is expanded with the `jsonld` processor; schema.org's context is given as
 * `@vocab: https://schema.org/` (the test runs offline), so every term becomes a schema.org
 * IRI, and each IRI must then be a property the vocabulary declares for the node's type.
 */
const SCHEMA = 'https://schema.org/';
const declarations = readFileSync(createRequire(import.meta.url).resolve('schema-dts/dist/schema.d.ts'), 'utf8');

const bases = new Map<string, { parents: string[]; properties: string[] }>();
for (const match of declarations.matchAll(/^interface (\w+)Base extends ([^{]+)\{\n([\s\S]*?)^\}/gm)) {
  const parents = [...match[2]!.matchAll(/(\w+)Base\b/g)].map((m) => m[1]!);
  const properties = [...match[3]!.matchAll(/^\s+"(\w+)"\?:/gm)].map((m) => m[1]!);
  bases.set(match[1]!, { parents, properties });
}
const leafBase = new Map(
  [...declarations.matchAll(/^export interface (\w+)Leaf extends (\w+)Base/gm)].map((m) => [m[1]!, m[2]!]),
);
function propertiesOf(type: string): Set<string> {
  const found = new Set<string>();
  const visit = (base: string) => {
    const entry = bases.get(base);
    if (!entry) throw new Error(`no ${base}Base in schema-dts`);
    entry.properties.forEach((p) => found.add(p));
    entry.parents.forEach(visit);
  };
  const base = leafBase.get(type);
  if (!base) throw new Error(`${type} is not a schema.org type`);
  visit(base);
  return found;
}
const enumeration = (name: string) =>
  new Set(
    [
      ...(new RegExp(`^export type ${name} = (.*);$`, 'm').exec(declarations)?.[1] ?? '').matchAll(/"(https:[^"]+)"/g),
    ].map((m) => m[1]!),
  );

const documentLoader = async (url: string) => {
  if (url.replace(/\/$/, '') !== 'https://schema.org') throw new Error(`offline test: no ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': SCHEMA } } };
};

type Expanded = Record<string, unknown[]>;

/** Every property of every node is declared by schema.org for the node's type; returns the nodes by type. */
function checkNode(node: Expanded, path: string, seen: Map<string, Expanded[]>): void {
  const types = (node['@type'] ?? []) as string[];
  expect(types.length, `${path} has a @type`).toBe(1);
  const type = types[0]!.replace(SCHEMA, '');
  seen.set(type, [...(seen.get(type) ?? []), node]);
  const allowed = propertiesOf(type);
  for (const [iri, values] of Object.entries(node)) {
    if (iri.startsWith('@')) continue;
    expect(iri.startsWith(SCHEMA), `${path}: ${iri} is a schema.org term`).toBe(true);
    const property = iri.replace(SCHEMA, '');
    expect(allowed.has(property), `${path}: ${type} has no property ${property} in schema.org`).toBe(true);
    for (const value of values as Expanded[])
      if (value && typeof value === 'object' && '@type' in value) checkNode(value, `${path}.${property}`, seen);
  }
}

const item = (patch: Partial<PublicMenuItem>): PublicMenuItem => ({
  id: 'i',
  name: 'Plat',
  description: '',
  price: null,
  labels: null,
  photoUrl: null,
  photo: null,
  soldOut: false,
  translations: {},
  recipe: null,
  ...patch,
});

const MENU: PublicMenu = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Carte du midi',
  description: 'Cuisine de saison',
  restaurantName: 'Chez Paul',
  restaurantAddress: '12 rue des Halles, 75001 Paris',
  restaurantPhone: '01 23 45 67 89',
  ownerIsPremium: false,
  accessibilityContact: null,
  formules: [{ name: 'Formule déjeuner', price: 18.5, choices: [['Entrée', 'Plat']] }],
  sections: [
    {
      id: 's1',
      name: 'Plats',
      description: 'Du marché',
      items: [
        item({
          name: 'Gratin',
          description: 'Pommes de terre, crème',
          price: 12.5,
          translations: { en: { name: 'Potato gratin' } },
          photo: {
            url: '/photos/abc-960.webp',
            width: 960,
            height: 720,
            variants: [{ url: '/photos/abc-320.webp', width: 320, height: 240 }],
          },
          recipe: {
            caloriesPerServing: 412,
            proteinPerServing: 6.3,
            carbsPerServing: 30,
            fatPerServing: 20,
            allergens: ['Lait'],
            allergenStatus: 'declared',
            traces: [],
            dietaryInfo: ['Végétarien', 'Sans gluten'],
            nutriScore: null,
            homemade: true,
            meatOrigins: [],
          },
        }),
        item({ name: 'Tarte </script><script>alert(1)</script>', price: 6, soldOut: true }),
        item({
          name: 'Café',
          price: 2.5,
          labels: { allergens: [], traces: [], dietaryInfo: ['Végan'], allergenStatus: 'declared' },
        }),
      ],
    },
  ],
};
const ORIGIN = 'https://menus.example.fr';

function jsonLdOf(html: string): unknown {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!);
}

describe('the public menu page for search engines and link previews', () => {
  it('describes Restaurant → hasMenu → Menu → MenuSection → MenuItem with schema.org’s own terms', async () => {
    const data = jsonLdOf(renderMenuPage(MENU, dinerView({}, 'fr'), ORIGIN));
    const expanded = (await jsonld.expand(
      data as jsonld.JsonLdDocument,
      {
        documentLoader,
      } as jsonld.Options.Expand,
    )) as unknown as Expanded[];
    expect(expanded).toHaveLength(1);
    const seen = new Map<string, Expanded[]>();
    checkNode(expanded[0]!, 'Restaurant', seen);
    expect([...seen.keys()].sort()).toEqual([
      'Menu',
      'MenuItem',
      'MenuSection',
      'NutritionInformation',
      'Offer',
      'Restaurant',
    ]);
    expect(seen.get('MenuItem')).toHaveLength(4);
    expect(seen.get('MenuSection')!.map((s) => (s[`${SCHEMA}name`] as { '@value': string }[])[0]!['@value'])).toEqual([
      'Formules',
      'Plats',
    ]);
  });

  it('gives prices in EUR with their availability, diets and nutrition as schema.org enumerations and texts', () => {
    const data = jsonLdOf(renderMenuPage(MENU, dinerView({}, 'fr'), ORIGIN)) as {
      hasMenu: { hasMenuSection: { hasMenuItem: Record<string, unknown>[] }[] };
    };
    const [gratin, tart, coffee] = data.hasMenu.hasMenuSection[1]!.hasMenuItem;
    const availability = enumeration('ItemAvailability');
    const diets = enumeration('RestrictedDiet');
    expect(gratin).toMatchObject({
      name: 'Gratin',
      image: `${ORIGIN}/photos/abc-960.webp`,
      offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'EUR', availability: `${SCHEMA}InStock` },
      suitableForDiet: [`${SCHEMA}VegetarianDiet`, `${SCHEMA}GlutenFreeDiet`],
      nutrition: {
        '@type': 'NutritionInformation',
        calories: '412 kcal',
        proteinContent: '6.3 g',
        carbohydrateContent: '30 g',
        fatContent: '20 g',
      },
    });
    expect((tart!.offers as { availability: string }).availability).toBe(`${SCHEMA}SoldOut`);
    expect(coffee!.suitableForDiet).toEqual([`${SCHEMA}VeganDiet`]);
    for (const dish of [gratin, tart, coffee]) {
      expect(availability.has((dish!.offers as { availability: string }).availability)).toBe(true);
      for (const diet of (dish!.suitableForDiet as string[] | undefined) ?? []) expect(diets.has(diet)).toBe(true);
    }
  });

  it('names the canonical page of the language, one hreflang per language, and the cards', () => {
    const english = renderMenuPage(MENU, dinerView({ lang: ['en'], sans: ['lait'] }, undefined), ORIGIN);
    const page = `${ORIGIN}/menu/${MENU.id}`;
    expect(english).toContain(`<link rel="canonical" href="${page}?lang=en">`);
    for (const lang of ['en', 'es', 'de', 'it'])
      expect(english).toContain(`<link rel="alternate" hreflang="${lang}" href="${page}?lang=${lang}">`);
    expect(english).toContain(`<link rel="alternate" hreflang="fr" href="${page}">`);
    expect(english).toContain(`<link rel="alternate" hreflang="x-default" href="${page}">`);
    expect(english).toContain('<meta property="og:title" content="Carte du midi · Chez Paul">');
    expect(english).toContain('<meta property="og:locale" content="en_GB">');
    expect(english).toContain(`<meta property="og:image" content="${ORIGIN}/photos/abc-960.webp">`);
    expect(english).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect((jsonLdOf(english) as { hasMenu: { inLanguage: string } }).hasMenu.inLanguage).toBe('en');
    expect(JSON.stringify(jsonLdOf(english))).toContain('Potato gratin');
  });

  it('keeps a dish name from closing the script element', () => {
    const html = renderMenuPage(MENU, dinerView({}, 'fr'), ORIGIN);
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toContain('<');
    expect(JSON.stringify(JSON.parse(script))).toContain('Tarte </script><script>alert(1)</script>');
  });
});
