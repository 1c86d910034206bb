import { describe, expect, it } from 'vitest';
import type { PublicMenu } from '../../../shared/api/public-menu.ts';
import { CIQUAL_ATTRIBUTION } from '../../../shared/ciqual.ts';
import { escapeHtml } from '../../lib/html.ts';
import { renderMenuNotFoundPage, renderMenuPage } from './render.ts';
import { dinerView } from './diner-view.ts';
import { publicMenuTexts } from './texts.ts';

const XSS = `<script>alert("x")</script><img src=x onerror='alert(1)'>&amp;`;

const menu = (patch: Partial<PublicMenu> = {}): PublicMenu => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Carte',
  description: '',
  restaurantName: 'Chez Paul',
  restaurantAddress: null,
  restaurantPhone: null,
  accessibilityContact: null,
  ownerIsPremium: false,
  formules: [],
  sections: [
    {
      id: 's1',
      name: 'Plats',
      description: '',
      items: [
        {
          id: 'i1',
          name: 'Gratin',
          description: '',
          price: 12.5,
          labels: null,
          photoUrl: null,
          photo: null,
          soldOut: false,
          translations: {},
          recipe: {
            caloriesPerServing: 412,
            proteinPerServing: 6.3,
            carbsPerServing: null,
            fatPerServing: 20,
            allergens: ['Lait'],
            allergenStatus: 'declared',
            traces: [],
            dietaryInfo: [],
            nutriScore: null,
            homemade: false,
            meatOrigins: [],
          },
        },
      ],
    },
  ],
  ...patch,
});

describe('public menu page rendering', () => {
  it('shows the formules first, priced, each alternative as its sections, in the diner’s language', () => {
    const formules = [
      {
        name: 'Formule déjeuner',
        price: 18.5,
        choices: [
          ['Entrée', 'Plat'],
          ['Plat', 'Dessert'],
        ],
      },
      { name: XSS, price: 9, choices: [['Plat']] },
    ];
    const html = renderMenuPage(menu({ formules }));
    const top = html.indexOf('<section aria-labelledby="fo" class="fo"><h2 id="fo">Formules</h2>');
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(html.indexOf('<form'));
    expect(html).toContain(
      '<h3>Formule déjeuner</h3><p class="pr"><span class="sr">Prix\u00a0: </span>18,50\u00a0€</p><p class="idesc">Entrée + Plat ou Plat + Dessert</p>',
    );
    expect(html).toContain(`<h3>${escapeHtml(XSS)}</h3>`);
    expect(html).not.toContain(XSS);
    // A priced formule is a price: the page ends with the mention the law asks for.
    expect(html).toContain('Prix nets, service compris');

    const english = renderMenuPage(menu({ formules }), dinerView({ lang: ['en'] }, undefined));
    expect(english).toContain('<h2 id="fo">Set menus</h2>');
    // The owner's French name and the French section names, marked as French; the price in English.
    expect(english).toContain(
      '<h3 lang="fr">Formule déjeuner</h3><p class="pr"><span class="sr">Price: </span>18.50\u00a0€</p>',
    );
    expect(english).toContain(`<h3 lang="fr">${escapeHtml(XSS)}</h3>`);
    expect(english).toContain('<p class="idesc" lang="fr">Entrée + Plat or Plat + Dessert</p>');
  });

  it('escapes every owner-typed text, in content and in attributes', () => {
    const html = renderMenuPage(
      menu({
        name: XSS,
        description: XSS,
        restaurantName: XSS,
        sections: [
          {
            id: 's',
            name: XSS,
            description: XSS,
            items: [
              {
                id: 'i',
                name: XSS,
                description: XSS,
                price: 0,
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
                  allergens: [XSS],
                  allergenStatus: 'declared',
                  traces: [],
                  dietaryInfo: [XSS],
                  nutriScore: null,
                  homemade: false,
                  meatOrigins: [],
                },
              },
            ],
          },
        ],
      }),
    );
    expect(html).not.toMatch(/<script(?! src="\/menu\/live\.js\?v=[\w-]+" defer>)|<img|onerror='/i);
    expect(html.split(escapeHtml(XSS)).length - 1).toBe(12); // <title> ×2, meta description, header ×3, section ×2, item ×2, badges ×2
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;&amp;amp;',
    );
  });

  it('writes its fixed texts unescaped, so they must hold no markup character', () => {
    for (const value of Object.values(publicMenuTexts)) expect(value).not.toMatch(/[<>&"]/);
  });

  it('is one complete French document with only the deferred live script, its texts written exactly', () => {
    const html = renderMenuPage(menu());
    expect(html.startsWith('<!doctype html>\n<html lang="fr">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html.match(/<script[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script src="\/menu\/live\.js\?v=[\w-]+" defer>$/),
    ]);
    expect(html).not.toMatch(/<link rel="stylesheet"|https?:\/\/(?!ciqual\.anses\.fr\/)/i);
    expect(html).toContain('<h4>Informations nutritionnelles</h4>');
    expect(html).toContain('<dd>412\u00a0kcal</dd>');
    expect(html).toContain('<dd>6,3\u00a0g</dd>');
    expect(html).toContain('<dd>20,0\u00a0g</dd>');
    expect(html).not.toContain('Glucides');
    expect(html).not.toContain('Régimes alimentaires :');
    expect(html).toContain('<div class="tags"><p>Allergènes :</p><ul class="badges allergen"><li>Lait</li></ul></div>');
    // The price as fr-FR writes it, and the legal mention once at the end (docs/product/decisions.md 18).
    expect(html).toContain('<h3>Gratin</h3><p class="pr"><span class="sr">Prix\u00a0: </span>12,50\u00a0€</p>');
    expect(html.match(/Prix nets, service compris/g)).toHaveLength(1);
    expect(html.indexOf('Prix nets, service compris')).toBeGreaterThan(html.lastIndexOf('class="item"'));
    expect(html).toContain('Menu numérique propulsé par <a href="/">NutriCarte</a>');
    expect(html).toContain(escapeHtml(CIQUAL_ATTRIBUTION));
    expect(html).toContain(
      '<ul class="legal"><li><a href="/mentions-legales">Mentions légales</a></li><li><a href="/confidentialite">Politique de confidentialité</a></li>' +
        '<li><a href="/conditions-generales">Conditions générales</a></li>' +
        '<li><a href="/accessibilite">Accessibilité\u00a0: totalement conforme</a></li></ul>',
    );
    expect(html).not.toMatch(/cookie/i);
    expect(html).not.toContain('aria-label="Premium"');
    expect(renderMenuPage(menu({ ownerIsPremium: true }))).toContain('aria-label="Premium"');
  });

  it('has the frame of RGAA 4.1: a skip link first, the banner, the title and the language links in <main>, a live region, the footer', () => {
    const html = renderMenuPage(
      menu({ restaurantAddress: '12 rue des Halles, 75001 Paris' }),
      dinerView({ lang: ['en'] }, undefined),
    );
    const body = html.slice(html.indexOf('<body>'));
    // 12.7: the skip link comes first and leads to <main>; 12.6: one banner, one main, one footer.
    expect(body).toMatch(/^<body><a class="skip" href="#contenu">Skip to content<\/a><header class="top">/);
    expect(body.match(/<header/g)).toHaveLength(1);
    expect(body.match(/<main id="contenu">/g)).toHaveLength(1);
    expect(body.indexOf('<footer>')).toBeGreaterThan(body.indexOf('</main>'));
    // The restaurant's name is the banner; the menu's title and the five language links open <main>.
    const banner = body.slice(body.indexOf('<header'), body.indexOf('</header>'));
    expect(banner).toContain('Chez Paul');
    expect(banner).not.toContain('<h1');
    expect(banner).not.toContain('hreflang');
    const main = body.slice(body.indexOf('<main'), body.indexOf('</main>'));
    expect(main.indexOf('<h1')).toBeLessThan(main.indexOf('<ul class="langs"'));
    // 7.5: an empty live region outside <main>, with the words the script says, in the page's language.
    expect(body).toContain(
      '<p id="live" class="sr" role="status" data-out="Sold out:" data-back="Available again:" data-upd="The menu has been updated."></p><footer>',
    );
    // 8.7: the Anses' attribution and the legal links stay French, marked as such.
    expect(body).toContain(`<p class="fine" lang="fr">${escapeHtml(CIQUAL_ATTRIBUTION)}</p>`);
    expect(body).toContain('<ul class="legal" lang="fr">');
    // 11.7: the filter's question is its legend; the hint says the effect in words.
    expect(main).toContain(
      '<fieldset aria-describedby="fh"><legend>I don’t eat…</legend><p class="fh" id="fh">Each dish that contains one is marked “Contains” and greyed out.</p>',
    );
    expect(main).toContain('<summary>Filter allergens</summary>');
  });

  it('names the establishment’s accessibility contact in the footer, as a mailto or a link, escaped', () => {
    const mail = renderMenuPage(menu({ accessibilityContact: 'accessibilite@mairie.fr' }));
    expect(mail).toContain(
      '<p class="fine">Contact accessibilité\u00a0: <a href="mailto:accessibilite@mairie.fr">accessibilite@mairie.fr</a> (<span>Chez Paul</span>)</p>',
    );
    const link = renderMenuPage(
      menu({ accessibilityContact: 'https://mairie.fr/a?x=1&y="2"' }),
      dinerView({ lang: ['de'] }, undefined),
    );
    expect(link).toContain(
      'Kontakt für Barrierefreiheit: <a href="https://mairie.fr/a?x=1&amp;y=&quot;2&quot;" lang="fr">https://mairie.fr/a?x=1&amp;y=&quot;2&quot;</a>',
    );
    expect(renderMenuPage(menu())).not.toContain('Contact accessibilité');
  });

  it('shows the empty state when no section has an item, and the not-found page', () => {
    const empty = renderMenuPage(menu({ sections: [{ id: 's', name: 'Desserts', description: '', items: [] }] }));
    expect(empty).toContain(
      '<h2>Menu en cours de préparation</h2><p>Ce menu est actuellement vide. Revenez bientôt\u202f!</p>',
    );
    expect(empty).not.toContain('Desserts');
    const missing = renderMenuNotFoundPage();
    expect(missing).toContain('<h1>Menu non trouvé</h1>');
    expect(missing).toContain('<p>Le menu demandé n’existe pas ou n’est plus disponible.</p>');
    expect(missing).toContain('<meta name="robots" content="noindex">');
    expect(missing).toContain('<a href="/mentions-legales">Mentions légales</a>');
  });

  it('shows « peut contenir » apart from the allergens, and the Nutri-Score letter when given', () => {
    const html = renderMenuPage(
      menu({
        sections: [
          {
            id: 's',
            name: 'Plats',
            description: '',
            items: [
              {
                id: 'i',
                name: 'Tarte',
                description: '',
                price: 0,
                labels: null,
                photoUrl: null,
                photo: null,
                soldOut: false,
                translations: {},
                recipe: {
                  caloriesPerServing: 300,
                  proteinPerServing: 5,
                  carbsPerServing: 30,
                  fatPerServing: 15,
                  allergens: ['Gluten'],
                  allergenStatus: 'declared',
                  traces: ['Fruits à coque'],
                  dietaryInfo: [],
                  nutriScore: 'C',
                  homemade: false,
                  meatOrigins: [],
                },
              },
            ],
          },
        ],
      }),
    );
    expect(html).toContain('<p>Peut contenir (traces) :</p><ul class="badges trace"><li>Fruits à coque</li></ul>');
    // The five letters in their colours, the dish's one enlarged.
    expect(html).toContain(
      '<p class="ns" role="img" aria-label="Nutri-Score C, tableau des aliments"><span class="nl">Nutri-Score</span><span class="nsA">A</span><span class="nsB">B</span><span class="nsC on">C</span><span class="nsD">D</span><span class="nsE">E</span></p><p class="nst">tableau des aliments</p>',
    );
    expect(html).toMatch(
      /\.nsA\{background:#038141\}\.nsB\{background:#85bb2f\}\.nsC\{background:#fecb02\}\.nsD\{background:#ee8100\}\.nsE\{background:#e63e11\}/,
    );
    expect(renderMenuPage(menu())).not.toContain('Nutri-Score');
  });

  it('never says nothing of allergens: declared and empty, unverified, or no recipe at all', () => {
    const recipe = {
      caloriesPerServing: null,
      proteinPerServing: null,
      carbsPerServing: null,
      fatPerServing: null,
      traces: [],
      dietaryInfo: [],
      nutriScore: null,
      homemade: false,
      meatOrigins: [],
    };
    const html = renderMenuPage(
      menu({
        sections: [
          {
            id: 's',
            name: 'Plats',
            description: '',
            items: [
              {
                id: 'a',
                name: 'Salade verte',
                description: '',
                price: 0,
                labels: null,
                photoUrl: null,
                photo: null,
                soldOut: false,
                translations: {},
                recipe: { ...recipe, allergens: [], allergenStatus: 'declared' },
              },
              {
                id: 'b',
                name: 'Quiche',
                description: '',
                price: 0,
                labels: null,
                photoUrl: null,
                photo: null,
                soldOut: false,
                translations: {},
                recipe: { ...recipe, allergens: [], allergenStatus: 'unverified' },
              },
              {
                id: 'c',
                name: 'Tarte',
                description: '',
                price: 0,
                labels: null,
                photoUrl: null,
                photo: null,
                soldOut: false,
                translations: {},
                recipe: { ...recipe, allergens: ['Gluten'], allergenStatus: 'unverified' },
              },
              {
                id: 'd',
                name: 'Vin rouge',
                description: '',
                price: null,
                labels: null,
                photoUrl: null,
                photo: null,
                soldOut: false,
                translations: {},
                recipe: null,
              },
              {
                id: 'e',
                name: 'Café',
                description: '',
                price: 2.2,
                labels: { allergens: [], allergenStatus: 'declared', traces: ['Lait'], dietaryInfo: ['Végan'] },
                photoUrl: null,
                photo: null,
                soldOut: false,
                translations: {},
                recipe: null,
              },
            ],
          },
        ],
      }),
    );
    const item = (name: string) => html.slice(html.indexOf(`<h3>${name}</h3>`)).split('<li class="item">')[0]!;
    expect(item('Salade verte')).toContain('<p class="al">Allergènes : Aucun des 14 allergènes réglementaires</p>');
    expect(item('Quiche')).toContain('<p class="al unv">Allergènes non renseignés : demandez au personnel</p>');
    expect(item('Quiche')).not.toContain('Aucun des 14');
    // An unconfirmed list gets the one message, not a partial list under it that would read as the answer.
    expect(item('Tarte')).toContain('<p class="al unv">Allergènes non renseignés : demandez au personnel</p></div>');
    expect(item('Tarte')).not.toContain('badges allergen');
    expect(item('Vin rouge')).toContain('<p class="al unv">Allergènes non renseignés : demandez au personnel</p>');
  });

  it('shows « Fait maison » by the dish with the legend once at the end, and meat origins in the decree’s words', () => {
    const recipe = {
      caloriesPerServing: null,
      proteinPerServing: null,
      carbsPerServing: null,
      fatPerServing: null,
      allergens: [],
      allergenStatus: 'declared' as const,
      traces: [],
      dietaryInfo: [],
      nutriScore: null,
    };
    const html = renderMenuPage(
      menu({
        sections: [
          {
            id: 's',
            name: 'Plats',
            description: '',
            items: [
              {
                id: 'a',
                name: 'Blanquette',
                description: '',
                price: 18,
                labels: null,
                photoUrl: null,
                photo: null,
                soldOut: false,
                translations: {},
                recipe: {
                  ...recipe,
                  homemade: true,
                  meatOrigins: [
                    {
                      meat: 'Veau',
                      text: 'Origine\u00a0: France',
                      bovine: true,
                      countries: { born: 'France', reared: 'France', slaughtered: 'France' },
                    },
                  ],
                },
              },
              {
                id: 'b',
                name: 'Frites',
                description: '',
                price: 4,
                labels: null,
                photoUrl: null,
                photo: null,
                soldOut: false,
                translations: {},
                recipe: { ...recipe, homemade: false, meatOrigins: [] },
              },
            ],
          },
        ],
      }),
    );
    const item = (name: string) => html.slice(html.indexOf(`<h3>${name}</h3>`)).split('<li class="item">')[0]!;
    expect(item('Blanquette')).toContain('<h3>Blanquette</h3><p class="fm">Fait maison</p>');
    expect(item('Blanquette')).toContain('<ul class="origins"><li>Veau · Origine\u00a0: France</li></ul>');
    expect(item('Frites')).not.toContain('Fait maison');
    expect(item('Frites')).not.toContain('Origine');
    expect(html.match(/sont élaborés sur place à partir de produits bruts/g)).toHaveLength(1);
    expect(renderMenuPage(menu())).not.toContain('produits bruts');
  });

  it('writes the meat origins in the diner’s language, and a line naming a place it cannot translate in French, marked', () => {
    const recipe = {
      caloriesPerServing: null,
      proteinPerServing: null,
      carbsPerServing: null,
      fatPerServing: null,
      allergens: [],
      allergenStatus: 'declared' as const,
      traces: [],
      dietaryInfo: [],
      nutriScore: null,
      homemade: false,
    };
    const origins = [
      {
        meat: 'Bœuf',
        text: 'Né et élevé\u00a0: Irlande, France et abattu\u00a0: France',
        bovine: true,
        countries: { born: 'Irlande', reared: 'France', slaughtered: 'France' },
      },
      {
        meat: 'Porc',
        text: 'Origine\u00a0: Espagne',
        bovine: false,
        countries: { born: null, reared: 'Espagne', slaughtered: 'Espagne' },
      },
      {
        meat: 'Agneau',
        text: 'Origine\u00a0: Pays de Galles',
        bovine: false,
        countries: { born: null, reared: 'Pays de Galles', slaughtered: 'Pays de Galles' },
      },
    ];
    const page = (lang: 'fr' | 'de') =>
      renderMenuPage(
        menu({
          sections: [
            {
              id: 's',
              name: 'Plats',
              description: '',
              items: [
                {
                  id: 'a',
                  name: 'Assiette',
                  description: '',
                  price: 18,
                  labels: null,
                  photoUrl: null,
                  photo: null,
                  soldOut: false,
                  translations: {},
                  recipe: { ...recipe, meatOrigins: origins },
                },
              ],
            },
          ],
        }),
        dinerView({ lang: [lang] }, undefined),
      );
    const german = page('de');
    expect(german).toContain(
      '<p>Herkunft des Fleisches:</p><ul class="origins"><li>Rind · Geboren und aufgezogen in: Irland, Frankreich · Geschlachtet in: Frankreich</li><li>Schwein · Herkunft: Spanien</li><li lang="fr">Agneau · Origine\u00a0: Pays de Galles</li></ul>',
    );
    expect(page('fr')).toContain(
      '<p>Origine des viandes\u00a0:</p><ul class="origins"><li>Bœuf · Né et élevé\u00a0: Irlande, France et abattu\u00a0: France</li><li>Porc · Origine\u00a0: Espagne</li>',
    );
  });
});
