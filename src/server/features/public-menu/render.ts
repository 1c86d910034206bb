import { ALLERGEN_STATEMENTS } from '../../../shared/allergens.ts';
import type { PublicMenu, PublicMenuItem, PublicMenuRecipe, PublicMenuSection } from '../../../shared/api/public-menu.ts';
import { NUTRISCORE_LETTERS } from '../../../shared/recipe-nutrition.ts';
import { CIQUAL_ATTRIBUTION } from '../../../shared/ciqual.ts';
import { photoSrcset, type Photo } from '../../../shared/api/photos.ts';
import { escapeHtml as e } from '../../lib/html.ts';
import { formatGrams, formatKcal, formatPrice } from './format.ts';
import { renderPage } from './page.ts';
import { publicMenuTexts as t } from './texts.ts';

// Fixed French texts are trusted constants (no markup character), written as they are;
// everything an owner typed, and the attribution (it holds « < x »), goes through `e`.

const CROWN =
  `<span class="crown"><svg viewBox="0 0 24 24" role="img" aria-label="${t.premium}"><title>${t.premium}</title>` +
  '<path d="M2.5 7.5 7 11l5-7 5 7 4.5-3.5L19.5 18h-15zM4.5 19.5h15V21h-15z"/></svg></span>';

function nutritionValues(recipe: PublicMenuRecipe): string {
  const values: [string, string][] = [];
  if (recipe.caloriesPerServing !== null) values.push([t.calories, formatKcal(recipe.caloriesPerServing)]);
  if (recipe.proteinPerServing !== null) values.push([t.protein, formatGrams(recipe.proteinPerServing)]);
  if (recipe.carbsPerServing !== null) values.push([t.carbs, formatGrams(recipe.carbsPerServing)]);
  if (recipe.fatPerServing !== null) values.push([t.fat, formatGrams(recipe.fatPerServing)]);
  return values.map(([label, value]) => `<div><dt>${label}</dt><dd>${value}</dd></div>`).join('');
}

const badges = (label: string, kind: 'diet' | 'allergen' | 'trace', names: string[]) =>
  names.length ? `<div class="tags"><p>${label}</p><ul class="badges ${kind}">${names.map((n) => `<li>${e(n)}</li>`).join('')}</ul></div>` : '';

const UNVERIFIED = `<p class="al unv">${ALLERGEN_STATEMENTS.unverified}</p>`;

/**
 * Never nothing (docs/product/decisions.md 15): the declared allergens, « aucun des 14 » for a declared
 * empty list, or « demandez au personnel » with whatever the unconfirmed list already names.
 */
function allergenLines(recipe: Pick<PublicMenuRecipe, 'allergens' | 'allergenStatus'>): string {
  const listed = badges(t.allergens, 'allergen', recipe.allergens);
  if (recipe.allergenStatus === 'unverified') return UNVERIFIED + listed;
  return listed || `<p class="al">${t.allergens} ${ALLERGEN_STATEMENTS.none}</p>`;
}

/** The five-letter scale in its official colours, the recipe's letter enlarged. */
const nutriScoreScale = (letter: string) =>
  `<p class="ns" role="img" aria-label="${t.nutriScore} ${letter}"><i>${t.nutriScore}</i>` +
  NUTRISCORE_LETTERS.map((l) => `<b class="ns${l}${l === letter ? ' on' : ''}">${l}</b>`).join('') +
  '</p>';

function nutritionBlock(recipe: PublicMenuRecipe): string {
  const values = nutritionValues(recipe);
  return (
    '<div class="nutri">' +
    `<div class="nh"><h4>${t.nutritionTitle}</h4><span class="per">${t.perServing}</span></div>` +
    (values ? `<dl>${values}</dl>` : '') +
    badges(t.diets, 'diet', recipe.dietaryInfo) +
    allergenLines(recipe) +
    badges(t.traces, 'trace', recipe.traces) +
    originsHtml(recipe.meatOrigins) +
    (recipe.nutriScore ? nutriScoreScale(recipe.nutriScore) : '') +
    '</div>'
  );
}

/**
 * The dish's photo (docs/decisions/0017-photos.md): a thumbnail 6rem wide (8rem from 48rem),
 * so the browser takes the 320 px copy on most phones. Loaded lazily and decoded off the main
 * thread; its size is reserved by CSS and the attributes, so nothing moves when it arrives.
 */
function photoHtml(photo: Photo, name: string): string {
  const small = photo.variants[0]!;
  return (
    `<img class="ph" src="${small.url}" srcset="${photoSrcset(photo)}" sizes="(min-width:48rem) 8rem, 6rem" ` +
    `width="${small.width}" height="${small.height}" alt="${e(name)}" loading="lazy" decoding="async">`
  );
}

/** An item without a recipe (a drink): its own diet labels and allergen lists, no nutrition. */
const labelsBlock = (labels: NonNullable<PublicMenuItem['labels']>) =>
  '<div class="nutri">' + badges(t.diets, 'diet', labels.dietaryInfo) + allergenLines(labels) + badges(t.traces, 'trace', labels.traces) + '</div>';

const priceHtml = (price: number | null) => (price === null ? '' : `<p class="pr"><span class="sr">${t.priceLabel} </span>${formatPrice(price)}</p>`);

/** The meats' origins in the decree's words; the meat names are the app's own constants. */
const originsHtml = (origins: PublicMenuRecipe['meatOrigins']) =>
  origins.length ? `<div class="tags"><p>${t.meatOrigin}</p><ul class="origins">${origins.map((o) => `<li>${e(o.meat)} · ${e(o.text)}</li>`).join('')}</ul></div>` : '';

const itemHtml = (item: PublicMenuItem) =>
  '<li class="item">' +
  (item.photo ? photoHtml(item.photo, item.name) : '') +
  `<h3>${e(item.name)}</h3>` +
  (item.recipe?.homemade ? `<p class="fm">${t.homemade}</p>` : '') +
  priceHtml(item.price) +
  (item.description ? `<p class="idesc">${e(item.description)}</p>` : '') +
  (item.recipe ? nutritionBlock(item.recipe) : item.labels ? labelsBlock(item.labels) : UNVERIFIED) +
  '</li>';

/** « Prix nets, service compris » closes a menu that shows a price. */
const PRICE_MENTION = `<p class="pm">${t.priceMention}</p>`;

const sectionHtml = (section: PublicMenuSection, index: number) =>
  `<section aria-labelledby="s${index}"><h2 id="s${index}">${e(section.name)}</h2>` +
  (section.description ? `<p class="sdesc">${e(section.description)}</p>` : '') +
  `<ul class="items">${section.items.map(itemHtml).join('')}</ul></section>`;

const EMPTY = `<div class="empty"><h2>${t.emptyTitle}</h2><p>${t.emptyText}</p></div>`;

/** The establishment's address and phone (issue 15), under the menu's title; a diner can call. */
function contactLine(menu: PublicMenu): string {
  const phone = menu.restaurantPhone && `<a class="tel" href="tel:${e(menu.restaurantPhone.replace(/\s/g, ''))}">${e(menu.restaurantPhone)}</a>`;
  const parts = [menu.restaurantAddress && `<span>${e(menu.restaurantAddress)}</span>`, phone].filter(Boolean);
  return parts.length ? `<p class="addr">${parts.join(' · ')}</p>` : '';
}

/** The public menu page (docs/product/spec.md « Public menu page (/menu/{id}) »), with prices (docs/product/decisions.md 18). */
export function renderMenuPage(menu: PublicMenu): string {
  const header =
    `<p class="resto">${e(menu.restaurantName)}</p>` +
    `<div class="title"><h1>${e(menu.name)}</h1>${menu.ownerIsPremium ? CROWN : ''}</div>` +
    (menu.description ? `<p class="lead">${e(menu.description)}</p>` : '') +
    contactLine(menu);
  const sections = menu.sections.filter((s) => s.items.length > 0);
  const priced = sections.some((s) => s.items.some((i) => i.price !== null));
  const homemade = sections.some((s) => s.items.some((i) => i.recipe?.homemade));
  const closing = (priced ? PRICE_MENTION : '') + (homemade ? `<p class="pm">${t.homemadeLegend}</p>` : '');
  return renderPage({
    title: `${menu.name} · ${menu.restaurantName}`,
    description: menu.description || `${menu.name} · ${menu.restaurantName}`,
    header,
    main: sections.length ? sections.map(sectionHtml).join('') + closing : EMPTY,
    footerExtra: `<p class="fine">${e(CIQUAL_ATTRIBUTION)}</p>`,
  });
}

/** The « Menu non trouvé » page, answered with status 404. */
export function renderMenuNotFoundPage(): string {
  return renderPage({
    title: `${t.notFoundTitle} · ${t.productName}`,
    header: `<div class="title"><h1>${t.notFoundTitle}</h1></div>`,
    main: `<div class="empty"><p>${t.notFoundText}</p></div>`,
    noIndex: true,
  });
}
