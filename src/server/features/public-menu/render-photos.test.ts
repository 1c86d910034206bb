import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { toPhoto } from '../../../shared/api/photos.ts';
import type { PublicMenu, PublicMenuItem } from '../../../shared/api/public-menu.ts';
import { renderMenuPage } from './render.ts';

/** docs/product/spec.md « Public menu page »: a 30-item page with a photo per dish stays within 15 KB gzipped. */
const photo = (width = 1600, height = 1200) => {
  const id = randomBytes(16).toString('hex');
  const sizes = [320, 640, 1024]
    .filter((w) => w <= width)
    .map((w) => ({ width: w, height: Math.round((height * w) / width) }));
  return toPhoto(id, sizes);
};

const dish = (n: number): PublicMenuItem => {
  const p = photo();
  return {
    id: `item-${n}`,
    name: `Filet de saumon n° ${n}, riz blanc et beurre citronné`,
    description: 'Poisson de ligne, riz de Camargue, beurre demi-sel et citron de Menton.',
    price: 18.5,
    labels: null,
    photoUrl: p.url,
    photo: p,
    soldOut: false,
    translations: {},
    recipe: {
      caloriesPerServing: 612,
      proteinPerServing: 34.2,
      carbsPerServing: 58.1,
      fatPerServing: 24.9,
      allergens: ['Poissons', 'Lait', 'Gluten'],
      allergenStatus: 'declared',
      traces: ['Fruits à coque'],
      dietaryInfo: ['Sans lactose', 'Halal'],
      nutriScore: 'B',
      homemade: false,
      meatOrigins: [],
    },
  };
};

const menu = (items: PublicMenuItem[]): PublicMenu => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Carte de printemps',
  description: 'Cuisine maison, produits frais et de saison.',
  restaurantName: 'Le Bistrot du Port',
  accessibilityContact: null,
  formules: [],
  restaurantAddress: '12 rue des Halles, 75001 Paris',
  restaurantPhone: '01 23 45 67 89',
  ownerIsPremium: true,
  sections: [0, 1, 2].map((s) => ({
    id: `s${s}`,
    name: ['Entrées', 'Plats', 'Desserts'][s]!,
    description: 'Faits maison.',
    items: items.slice(s * 10, s * 10 + 10),
  })),
});

describe('public menu page with photos', () => {
  it('shows each photo lazily, with its srcset and sizes, its size reserved and the dish name as alt', () => {
    const item = dish(1);
    const html = renderMenuPage(
      menu([item, { ...item, id: 'no-photo', name: 'Vin rouge', photoUrl: null, photo: null, recipe: null }]),
    );
    const [small, medium, large] = item.photo!.variants;
    expect(html).toContain(
      `<li class="item"><img class="ph" src="${small!.url}" srcset="${small!.url} 320w, ${medium!.url} 640w, ${large!.url} 1024w" sizes="(min-width:48rem) 8rem, 6rem" ` +
        `width="320" height="240" alt="Filet de saumon n° 1, riz blanc et beurre citronné" loading="lazy" decoding="async"><h3>`,
    );
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain('<li class="item"><h3>Vin rouge</h3>');
    // The box is fixed by CSS (no layout shift whatever the image's shape).
    expect(html).toMatch(/\.ph\{float:right;width:6rem;height:6rem;[^}]*object-fit:cover/);
  });

  it('escapes the dish name in the alt attribute', () => {
    const item = { ...dish(2), name: '"><script>alert(1)</script>' };
    const html = renderMenuPage(menu([item]));
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toMatch(/<script(?! src="\/menu\/live\.js\?v=[\w-]+" defer>)/);
  });

  it('keeps a 30-dish page with 30 photos under 15 KB gzipped, with only the deferred live script and no stylesheet to fetch', () => {
    const html = renderMenuPage(menu(Array.from({ length: 30 }, (_, n) => dish(n + 1))));
    expect(html.match(/<img class="ph"/g)).toHaveLength(30);
    expect(html).not.toMatch(/<script(?! src="\/menu\/live\.js\?v=[\w-]+" defer>)|<link rel="stylesheet"/);
    expect(gzipSync(html).byteLength).toBeLessThanOrEqual(15 * 1024);
  });
});
