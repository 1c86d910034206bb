import { formuleChoicesText, type PublicFormule } from '../../../shared/api/formules.ts';
import type {
  PublicMenu,
  PublicMenuItem,
  PublicMenuRecipe,
  PublicMenuSection,
} from '../../../shared/api/public-menu.ts';
import { allergenLabel, dietLabel } from '../../../shared/diner/allergens.ts';
import { localize, type LocalizedText } from '../../../shared/diner/translations.ts';
import { meatOriginLineIn } from '../../../shared/diner/meat-origin-names.ts';
import { NUTRISCORE_TABLE_TEXTS } from '../../../shared/diner/texts.ts';
import { NUTRISCORE_LETTERS } from '../../../shared/recipe-nutrition.ts';
import { CIQUAL_ATTRIBUTION } from '../../../shared/ciqual.ts';
import { photoSrcset, type Photo } from '../../../shared/api/photos.ts';
import { escapeHtml as e } from '../../lib/html.ts';
import { filterVerdict } from './allergen-filter.ts';
import { allergenFilterForm, languageSwitcher, soldOutBadge, verdictLine } from './diner-controls.ts';
import { FRENCH_VIEW, localizeNumber, type DinerView } from './diner-view.ts';
import { formatGrams, formatKcal, formatPrice } from './format.ts';
import { liveScriptTag } from './menu-live.ts';
import { renderPage } from './page.ts';
import { renderMenuHead } from './head.ts';

// Fixed texts (src/shared/diner/texts.ts) are trusted constants (no markup character), written
// as they are; everything an owner typed, and the attribution (it holds « < x »), goes through `e`.

const crown = (label: string) =>
  `<span class="crown"><svg viewBox="0 0 24 24" role="img" aria-label="${label}"><title>${label}</title>` +
  '<path d="M2.5 7.5 7 11l5-7 5 7 4.5-3.5L19.5 18h-15zM4.5 19.5h15V21h-15z"/></svg></span>';

function nutritionValues(recipe: PublicMenuRecipe, v: DinerView): string {
  const t = v.texts;
  const values: [string, string][] = [];
  if (recipe.caloriesPerServing !== null) values.push([t.calories, formatKcal(recipe.caloriesPerServing)]);
  if (recipe.proteinPerServing !== null) values.push([t.protein, formatGrams(recipe.proteinPerServing)]);
  if (recipe.carbsPerServing !== null) values.push([t.carbs, formatGrams(recipe.carbsPerServing)]);
  if (recipe.fatPerServing !== null) values.push([t.fat, formatGrams(recipe.fatPerServing)]);
  return values
    .map(([label, value]) => `<div><dt>${label}</dt><dd>${localizeNumber(value, v.lang)}</dd></div>`)
    .join('');
}

const badges = (label: string, kind: 'diet' | 'allergen' | 'trace', names: string[]) =>
  names.length
    ? `<div class="tags"><p>${label}</p><ul class="badges ${kind}">${names.map((n) => `<li>${e(n)}</li>`).join('')}</ul></div>`
    : '';

const unverified = (v: DinerView) => `<p class="al unv">${v.texts.allergensUnverified}</p>`;

/**
 * Never nothing (docs/product/decisions.md 15): the declared allergens, « aucun des 14 » for a declared
 * empty list, or only « demandez au personnel » for a list not confirmed: a partial list under
 * it would read as the answer (docs/decisions/0036-the-owners-day.md).
 */
function allergenLines(recipe: Pick<PublicMenuRecipe, 'allergens' | 'allergenStatus'>, v: DinerView): string {
  if (recipe.allergenStatus === 'unverified') return unverified(v);
  const listed = badges(
    v.texts.allergens,
    'allergen',
    recipe.allergens.map((a) => allergenLabel(a, v.lang)),
  );
  return listed || `<p class="al">${v.texts.allergens} ${v.texts.allergensNone}</p>`;
}

/** The five-letter scale in its official colours, the recipe's letter enlarged, and the table it comes from. */
const nutriScoreScale = (letter: string, label: string, table: string) =>
  `<p class="ns" role="img" aria-label="${label} ${letter}, ${table}"><span class="nl">${label}</span>` +
  NUTRISCORE_LETTERS.map((l) => `<span class="ns${l}${l === letter ? ' on' : ''}">${l}</span>`).join('') +
  `</p><p class="nst">${table}</p>`;

function nutritionBlock(recipe: PublicMenuRecipe, v: DinerView): string {
  const t = v.texts;
  const values = nutritionValues(recipe, v);
  return (
    '<div class="nutri">' +
    `<div class="nh"><h4>${t.nutritionTitle}</h4><span class="per">${t.perServing}</span></div>` +
    (values ? `<dl>${values}</dl>` : '') +
    badges(
      t.diets,
      'diet',
      recipe.dietaryInfo.map((d) => dietLabel(d, v.lang)),
    ) +
    allergenLines(recipe, v) +
    badges(
      t.traces,
      'trace',
      recipe.traces.map((a) => allergenLabel(a, v.lang)),
    ) +
    originsHtml(recipe.meatOrigins, v) +
    (recipe.nutriScore
      ? nutriScoreScale(
          recipe.nutriScore,
          t.nutriScore,
          t[NUTRISCORE_TABLE_TEXTS[recipe.nutriScoreCategory ?? 'general']],
        )
      : '') +
    '</div>'
  );
}

/** An owner's text in the page's language, marked French where the translation is missing. */
const ownerText = (tag: string, attributes: string, text: LocalizedText) =>
  `<${tag}${attributes}${text.french ? ' lang="fr"' : ''}>${e(text.text)}</${tag}>`;

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
const labelsBlock = (labels: NonNullable<PublicMenuItem['labels']>, v: DinerView) =>
  '<div class="nutri">' +
  badges(
    v.texts.diets,
    'diet',
    labels.dietaryInfo.map((d) => dietLabel(d, v.lang)),
  ) +
  allergenLines(labels, v) +
  badges(
    v.texts.traces,
    'trace',
    labels.traces.map((a) => allergenLabel(a, v.lang)),
  ) +
  '</div>';

const priceHtml = (price: number | null, v: DinerView) =>
  price === null
    ? ''
    : `<p class="pr"><span class="sr">${v.texts.priceLabel} </span>${localizeNumber(formatPrice(price), v.lang)}</p>`;

/**
 * The meats' origins: the decree's words on the French page, the diner's language otherwise
 * (src/shared/diner/meat-origin-names.ts); a line naming a place not translated there stays
 * French, marked as such. The countries are the owner's words: escaped.
 */
function originsHtml(origins: PublicMenuRecipe['meatOrigins'], v: DinerView): string {
  if (!origins.length) return '';
  const lines = origins.map((o) => {
    const translated = v.lang === 'fr' ? null : meatOriginLineIn(o, v.lang);
    const line = translated ?? o;
    return `<li${v.lang !== 'fr' && !translated ? ' lang="fr"' : ''}>${e(line.meat)} · ${e(line.text)}</li>`;
  });
  return `<div class="tags"><p>${v.texts.meatOrigins}</p><ul class="origins">${lines.join('')}</ul></div>`;
}

// A dish whose recipe was deleted has no declared allergens either; a drink has its own lists.
function itemHtml(item: PublicMenuItem, v: DinerView): string {
  const verdict = filterVerdict(item, v.avoided);
  const classes = ['item', verdict?.kind === 'contains' ? 'off' : '', item.soldOut ? 'so' : '']
    .filter(Boolean)
    .join(' ');
  return (
    `<li class="${classes}">` +
    (item.photo ? photoHtml(item.photo, item.name) : '') +
    ownerText('h3', '', localize(item.name, item.translations, 'name', v.lang)) +
    (item.soldOut ? soldOutBadge(v) : '') +
    (item.recipe?.homemade ? `<p class="fm">${v.texts.homemade}</p>` : '') +
    priceHtml(item.price, v) +
    verdictLine(verdict, v) +
    (item.description
      ? ownerText('p', ' class="idesc"', localize(item.description, item.translations, 'description', v.lang))
      : '') +
    (item.recipe ? nutritionBlock(item.recipe, v) : item.labels ? labelsBlock(item.labels, v) : unverified(v)) +
    '</li>'
  );
}

// A section's name and description in the diner's language, French (marked) where not translated.
const sectionHtml = (section: PublicMenuSection, index: number, v: DinerView) =>
  `<section aria-labelledby="s${index}">` +
  ownerText('h2', ` id="s${index}"`, localize(section.name, section.translations ?? {}, 'name', v.lang)) +
  (section.description
    ? ownerText('p', ' class="sdesc"', localize(section.description, section.translations ?? {}, 'description', v.lang))
    : '') +
  `<ul class="items">${section.items.map((item) => itemHtml(item, v)).join('')}</ul></section>`;

/**
 * The formules at the top of the page (docs/decisions/0019-public-menu-for-diners.md): « Formule déjeuner 18,50 € : Entrée + Plat
 * ou Plat + Dessert », its name and its sections' names in the diner's language where the owner
 * translated them (a name not translated stays French, and the line is marked so).
 */
function formulesHtml(formules: readonly PublicFormule[], sections: readonly PublicMenuSection[], v: DinerView) {
  if (formules.length === 0) return '';
  const sectionNames = new Map(sections.map((s) => [s.name, localize(s.name, s.translations ?? {}, 'name', v.lang)]));
  const items = formules
    .map((f) => {
      const names = f.choices.map((c) => c.map((name) => sectionNames.get(name) ?? localize(name, {}, 'name', v.lang)));
      const choices: LocalizedText = {
        text: formuleChoicesText(
          names.map((c) => c.map((n) => n.text)),
          v.texts.or,
        ),
        french: names.some((c) => c.some((n) => n.french)),
      };
      return (
        '<li class="item">' +
        ownerText('h3', '', localize(f.name, f.translations ?? {}, 'name', v.lang)) +
        priceHtml(f.price, v) +
        ownerText('p', ' class="idesc"', choices) +
        '</li>'
      );
    })
    .join('');
  return `<section aria-labelledby="fo" class="fo"><h2 id="fo">${v.texts.setMenus}</h2><ul class="items">${items}</ul></section>`;
}

const empty = (v: DinerView) => `<div class="empty"><h2>${v.texts.emptyTitle}</h2><p>${v.texts.emptyText}</p></div>`;

/** The establishment's address and phone (docs/decisions/0013-establishment-profile-and-phone-header.md), under the menu's title; a diner can call. */
function contactLine(menu: PublicMenu): string {
  const phone =
    menu.restaurantPhone &&
    `<a class="tel" href="tel:${e(menu.restaurantPhone.replace(/\s/g, ''))}">${e(menu.restaurantPhone)}</a>`;
  const parts = [menu.restaurantAddress && `<span>${e(menu.restaurantAddress)}</span>`, phone].filter(Boolean);
  return parts.length ? `<p class="addr">${parts.join(' · ')}</p>` : '';
}

/** The establishment's own accessibility contact (docs/product/accessibility.md): a mailto or a web page. */
function accessibilityContactLine(contact: string | null, establishmentName: string, v: DinerView): string {
  if (!contact) return '';
  const href = contact.includes('@') && !contact.startsWith('http') ? `mailto:${contact}` : contact;
  const fr = v.lang === 'fr' ? '' : ' lang="fr"';
  return `<p class="fine">${v.texts.accessibilityContact} <a href="${e(href)}"${fr}>${e(contact)}</a> (<span${fr}>${e(establishmentName)}</span>)</p>`;
}

/**
 * The live region (RGAA 7.5): empty in the page, filled by /menu/live.js with the dishes the
 * owner has just marked sold out or back, in the page's language (menu-live.ts).
 */
const liveRegion = (v: DinerView) =>
  `<p id="live" class="sr" role="status" data-out="${v.texts.liveSoldOut}" data-back="${v.texts.liveBack}" data-upd="${v.texts.liveUpdated}"></p>`;

/**
 * The public menu page (docs/product/spec.md « Public menu page (/menu/{id}) ») for one diner's
 * view (docs/decisions/0019-public-menu-for-diners.md): its language, its allergen filter, and the script that keeps « Épuisé » live.
 * The language links come after the menu's title, inside <main> (RGAA 12.7,
 * docs/decisions/0040-rgaa-public-pages.md).
 */
export function renderMenuPage(menu: PublicMenu, v: DinerView = FRENCH_VIEW, origin?: string): string {
  const fr = v.lang === 'fr' ? '' : ' lang="fr"';
  const intro =
    `<div class="title">${ownerText('h1', '', localize(menu.name, menu.translations ?? {}, 'name', v.lang))}${menu.ownerIsPremium ? crown(v.texts.premium) : ''}</div>` +
    (menu.description
      ? ownerText('p', ' class="lead"', localize(menu.description, menu.translations ?? {}, 'description', v.lang))
      : '') +
    contactLine(menu) +
    languageSwitcher(v);
  const sections = menu.sections.filter((s) => s.items.length > 0);
  const priced = menu.formules.length > 0 || sections.some((s) => s.items.some((i) => i.price !== null));
  const homemade = sections.some((s) => s.items.some((i) => i.recipe?.homemade));
  // « Prix nets, service compris » closes a menu that shows a price (docs/product/decisions.md 18).
  const closing =
    (priced ? `<p class="pm">${v.texts.pricesNote}</p>` : '') +
    (homemade ? `<p class="pm">${v.texts.homemadeLegend}</p>` : '');
  return renderPage({
    lang: v.lang,
    title: `${menu.name} · ${menu.restaurantName}`,
    description: menu.description || `${menu.name} · ${menu.restaurantName}`,
    banner: `<p class="resto"${fr}>${e(menu.restaurantName)}</p>`,
    intro,
    main: sections.length
      ? formulesHtml(menu.formules, sections, v) +
        allergenFilterForm(v) +
        sections.map((s, i) => sectionHtml(s, i, v)).join('') +
        closing
      : empty(v),
    afterMain: liveRegion(v),
    // The attribution is French (the Anses' own words, src/shared/ciqual.ts): marked as such.
    // The restaurant's own notice (./legal-notice.ts), beside NutriCarte's in the page's footer.
    footerExtra:
      `<p class="fine"${fr}>${e(CIQUAL_ATTRIBUTION)}</p>` +
      accessibilityContactLine(menu.accessibilityContact, menu.restaurantName, v) +
      `<p class="legal"><a href="/menu/${e(menu.id)}/mentions-legales">${v.texts.restaurantLegal}</a></p>`,
    scripts: liveScriptTag(),
    // The canonical address, links per language, cards and schema.org JSON-LD (head.ts).
    ...(origin ? { head: renderMenuHead(menu, v, origin) } : {}),
  });
}

/** The « Menu non trouvé » page, answered with status 404, in the diner's language. */
export function renderMenuNotFoundPage(v: DinerView = FRENCH_VIEW): string {
  const t = v.texts;
  return renderPage({
    lang: v.lang,
    title: `${t.notFoundTitle} · ${t.productName}`,
    banner: `<p class="resto">${t.productName}</p>`,
    intro: `<div class="title"><h1>${t.notFoundTitle}</h1></div>`,
    main: `<div class="empty"><p>${t.notFoundText}</p></div>`,
    noIndex: true,
  });
}
