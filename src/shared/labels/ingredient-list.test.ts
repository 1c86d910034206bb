import { describe, expect, it } from 'vitest';
import {
  listSegments,
  orderIngredients,
  publicIngredients,
  splitOwnList,
  type LabelRecipeInput,
} from './ingredient-list.ts';
import { toHtml, toText } from './rich-text.ts';
import { line, recipe } from './test-recipes.ts';

const text = (r: LabelRecipeInput) => toText(listSegments(orderIngredients(r).nodes, new Map()));
const html = (r: LabelRecipeInput) => toHtml(listSegments(orderIngredients(r).nodes, new Map()));

describe('the ingredient list (Regulation 1169/2011 annex VII part A)', () => {
  it('lists ingredients in descending order of weight at the time of use, with their share', () => {
    const list = orderIngredients(
      recipe([line('food:1', 'sel', 5), line('food:2', 'pommes de terre', 800), line('food:3', 'crème', 195)]),
    );
    expect(publicIngredients(list.nodes)).toEqual([
      {
        key: 'food:2',
        name: 'pommes de terre',
        defaultName: 'pommes de terre',
        percent: 80,
        allergen: false,
        allergens: [],
      },
      { key: 'food:3', name: 'crème', defaultName: 'crème', percent: 19.5, allergen: false, allergens: [] },
      { key: 'food:1', name: 'sel', defaultName: 'sel', percent: 0.5, allergen: false, allergens: [] },
    ]);
  });

  it('keeps the recipe’s order between equal weights, and puts unweighed lines last', () => {
    const r = recipe([
      line('food:1', 'poivre', null),
      line('food:2', 'carottes', 100),
      line('food:3', 'oignons', 100),
      line('food:4', 'navets', 100),
      line('food:5', 'huile', 20),
    ]);
    const list = orderIngredients(r);
    expect(list.nodes.map((n) => n.name)).toEqual(['carottes', 'oignons', 'navets', 'huile', 'poivre']);
    expect(list.unweighed).toEqual(['poivre']);
    expect(list.nodes.at(-1)!.percent).toBeNull();
  });

  it('adds up the lines of one ingredient before ordering', () => {
    // 60 + 60 g of butter outweigh 100 g of flour.
    const r = recipe([line('food:1', 'beurre', 60), line('food:2', 'farine', 100), line('food:1', 'beurre', 60)]);
    expect(orderIngredients(r).nodes.map((n) => [n.name, n.percent])).toEqual([
      ['beurre', 54.5],
      ['farine', 45.5],
    ]);
  });

  it('lists a sub-recipe as a compound ingredient, its own list in brackets, ordered by its own weights', () => {
    const pastry = recipe([
      line('food:flour', 'farine de blé', 250, { allergens: ['Gluten'] }),
      line('food:butter', 'beurre', 125, { allergens: ['Lait'] }),
      line('food:salt', 'sel', 3),
    ]);
    const quiche = recipe([
      line('food:eggs', 'œufs', 150, { allergens: ['Œufs'] }),
      line('recipe:pastry', 'pâte brisée', 300, { recipe: pastry }),
      line('food:salmon', 'saumon fumé', 120, { allergens: ['Poissons'] }),
    ]);
    expect(text(quiche)).toBe('pâte brisée (farine de blé, beurre, sel), œufs, saumon fumé');
    expect(html(quiche)).toBe(
      'pâte brisée (farine de <strong>blé</strong>, <strong>beurre</strong>, sel), <strong>œufs</strong>, <strong>saumon</strong> fumé',
    );
    const [compound] = publicIngredients(orderIngredients(quiche).nodes);
    expect(compound).toEqual({
      key: 'recipe:pastry',
      name: 'pâte brisée',
      defaultName: 'pâte brisée',
      percent: 52.6,
      allergen: true,
      allergens: ['Gluten', 'Lait'],
      ingredients: [
        {
          key: 'food:flour',
          name: 'farine de blé',
          defaultName: 'farine de blé',
          percent: 66.1,
          allergen: true,
          allergens: ['Gluten'],
        },
        {
          key: 'food:butter',
          name: 'beurre',
          defaultName: 'beurre',
          percent: 33.1,
          allergen: true,
          allergens: ['Lait'],
        },
        { key: 'food:salt', name: 'sel', defaultName: 'sel', percent: 0.8, allergen: false, allergens: [] },
      ],
    });
  });

  it('leaves out added water under 5 % of the finished product, and lists it by its weight there above', () => {
    const water = (grams: number) => line('food:18066', 'eau', grams, { water: true });
    // 40 g of water in 1 040 g: 3,8 %, not listed.
    const little = orderIngredients(recipe([line('food:1', 'tomates', 1000), water(40)]));
    expect(little.nodes.map((n) => n.name)).toEqual(['tomates']);
    expect(little.omittedWater).toEqual({ finishedGrams: 40, finishedPercent: 3.8 });
    // 300 g of water in 1 300 g: listed second.
    expect(text(recipe([line('food:1', 'tomates', 1000), water(300)]))).toBe('tomates, eau');
    // A soup: 1 000 g of water, 500 g of leeks, 600 g left after cooking: 100 g of water in it, after the leeks.
    const soup = orderIngredients(recipe([water(1000), line('food:2', 'poireaux', 500)], { cookedWeightG: 600 }));
    expect(soup.nodes.map((n) => [n.name, n.percent])).toEqual([
      ['poireaux', 83.3],
      ['eau', 16.7],
    ]);
    // Cooked down to 520 g: 20 g of water, 3,8 %: not listed.
    expect(text(recipe([water(1000), line('food:2', 'poireaux', 500)], { cookedWeightG: 520 }))).toBe('poireaux');
  });

  it('applies the water rule inside a sub-recipe, on its own finished weight', () => {
    const stock = recipe([line('food:w', 'eau', 2000, { water: true }), line('food:bones', 'os de veau', 500)], {
      cookedWeightG: 1000,
    });
    const sauce = recipe([line('recipe:stock', 'fond de veau', 200, { recipe: stock }), line('food:wine', 'vin', 50)]);
    expect(text(sauce)).toBe('fond de veau (eau, os de veau), vin');
  });
});

describe('allergens emphasised (article 21)', () => {
  it('emphasises the word that names the allergen, or the whole name when no such word is in it', () => {
    const r = recipe([
      line('food:1', 'farine de blé tendre', 300, { allergens: ['Gluten'] }),
      line('food:2', 'crème fraîche épaisse', 200, { allergens: ['Lait'] }),
      line('food:3', 'cabillaud', 150, { allergens: ['Poissons'] }),
      line('food:4', 'jaunes d’œufs', 100, { allergens: ['Œufs'] }),
      line('food:5', 'emmental râpé', 50, { allergens: ['Lait'] }),
      line('food:6', 'Bûche de chèvre', 40, { allergens: ['Lait'] }),
    ]);
    expect(html(r)).toBe(
      'farine de <strong>blé</strong> tendre, <strong>crème</strong> fraîche épaisse, <strong>cabillaud</strong>, <strong>jaunes d’œufs</strong>, <strong>emmental</strong> râpé, <strong>Bûche de chèvre</strong>',
    );
  });

  it('emphasises only the allergens the owner confirmed, and every suggestion while the list is unconfirmed', () => {
    // « Lait de coco »: the owner removed « Lait » from the confirmed list.
    const lines = [line('food:1', 'lait de coco', 200, { allergens: ['Lait'] }), line('food:2', 'riz', 100)];
    expect(html(recipe(lines, { allergens: [], allergensDeclared: true }))).toBe('lait de coco, riz');
    expect(html(recipe(lines, { allergens: [], allergensDeclared: false }))).toBe('<strong>lait</strong> de coco, riz');
  });

  it('escapes what an owner typed', () => {
    expect(html(recipe([line('food:1', '<b>sel</b> & "poivre"', 10)]))).toBe(
      '&lt;b&gt;sel&lt;/b&gt; &amp; &quot;poivre&quot;',
    );
  });

  it('uses a product’s own ingredient list as its compound list, its allergens emphasised there', () => {
    const r = recipe([
      line('product:p', 'pâte feuilletée', 200, {
        allergens: ['Gluten', 'Lait'],
        ownList: 'farine de blé, beurre concentré (14 %), eau, sel',
      }),
      line('food:apple', 'pommes', 400),
    ]);
    expect(html(r)).toBe(
      'pommes, pâte feuilletée (farine de <strong>blé</strong>, <strong>beurre</strong> concentré (14 %), eau, sel)',
    );
    const list = orderIngredients(r);
    expect(publicIngredients(list.nodes)[1]!.ingredients!.map((i) => [i.name, i.allergens])).toEqual([
      ['farine de blé', ['Gluten']],
      ['beurre concentré (14 %)', ['Lait']],
      ['eau', []],
      ['sel', []],
    ]);
    expect([...list.emphasised].sort()).toEqual(['Gluten', 'Lait']);
  });

  it('emphasises in the product’s name an allergen its own list does not name', () => {
    const r = recipe([
      line('product:p', 'Sauce du chef', 50, { allergens: ['Moutarde'], ownList: 'huile, vinaigre, sel' }),
    ]);
    expect(html(r)).toBe('<strong>Sauce du chef</strong> (huile, vinaigre, sel)');
  });

  it('splits a product’s list at its first level only', () => {
    expect(splitOwnList('chocolat (sucre, cacao, émulsifiant : lécithine de soja), lait; sel.')).toEqual([
      'chocolat (sucre, cacao, émulsifiant : lécithine de soja)',
      'lait',
      'sel',
    ]);
  });
});
