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
import { html as honoHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { filterVerdict } from './allergen-filter.ts';
import { allergenFilterForm, languageSwitcher, soldOutBadge, verdictLine } from './diner-controls.ts';
import { FRENCH_VIEW, localizeNumber, type DinerView } from './diner-view.ts';
import { formatGrams, formatKcal, formatPrice } from './format.ts';
import { liveScriptTag } from './menu-live.ts';
import { renderPage } from './page.ts';
import { renderMenuHead } from './head.ts';

/**
 * The page is written with hono/html's tagged template: every value put in it is escaped
 * (`& < > " '`, as src/server/lib/html.ts did by hand), owners' texts and fixed texts alike; a
 * piece already made of HTML (another `html` template, or the controls of ./diner-controls.ts
 * through `raw`) goes in as it is, and an array goes in piece after piece. Nothing here waits,
 * so every template is a string at once.
 */
type Html = HtmlEscapedString;
const html = (strings: TemplateStringsArray, ...values: unknown[]): Html => honoHtml(strings, ...values) as Html;
const none = raw('');

const crown = (label: string) =>
  html`<span class="crown"><svg viewBox="0 0 24 24" role="img" aria-label="${label}"><title>${label}</title><path d="M2.5 7.5 7 11l5-7 5 7 4.5-3.5L19.5 18h-15zM4.5 19.5h15V21h-15z"/></svg></span>`;

function nutritionValues(recipe: PublicMenuRecipe, v: DinerView): Html[] {
  const t = v.texts;
  const values: [string, string][] = [];
  if (recipe.caloriesPerServing !== null) values.push([t.calories, formatKcal(recipe.caloriesPerServing)]);
  if (recipe.proteinPerServing !== null) values.push([t.protein, formatGrams(recipe.proteinPerServing)]);
  if (recipe.carbsPerServing !== null) values.push([t.carbs, formatGrams(recipe.carbsPerServing)]);
  if (recipe.fatPerServing !== null) values.push([t.fat, formatGrams(recipe.fatPerServing)]);
  return values.map(([label, value]) => html`<div><dt>${label}</dt><dd>${localizeNumber(value, v.lang)}</dd></div>`);
}

const badges = (label: string, kind: 'diet' | 'allergen' | 'trace', names: string[]) =>
  names.length
    ? html`<div class="tags"><p>${label}</p><ul class="badges ${kind}">${names.map((n) => html`<li>${n}</li>`)}</ul></div>`
    : none;

const unverified = (v: DinerView) => html`<p class="al unv">${v.texts.allergensUnverified}</p>`;

/**
 * Never nothing (docs/product/decisions.md 15): the declared allergens, « aucun des 14 » for a declared
 * empty list, or only « demandez au personnel » for a list not confirmed: a partial list under
 * it would read as the answer (docs/decisions/0036-the-owners-day.md).
 */
function allergenLines(recipe: Pick<PublicMenuRecipe, 'allergens' | 'allergenStatus'>, v: DinerView): Html {
  if (recipe.allergenStatus === 'unverified') return unverified(v);
  const listed = badges(
    v.texts.allergens,
    'allergen',
    recipe.allergens.map((a) => allergenLabel(a, v.lang)),
  );
  return listed.length ? listed : html`<p class="al">${v.texts.allergens} ${v.texts.allergensNone}</p>`;
}

/** The five-letter scale in its official colours, the recipe's letter enlarged, and the table it comes from. */
const nutriScoreScale = (letter: string, label: string, table: string) =>
  html`<p class="ns" role="img" aria-label="${label} ${letter}, ${table}"><span class="nl">${label}</span>${NUTRISCORE_LETTERS.map(
    (l) => html`<span class="ns${l}${l === letter ? ' on' : ''}">${l}</span>`,
  )}</p><p class="nst">${table}</p>`;

function nutritionBlock(recipe: PublicMenuRecipe, v: DinerView): Html {
  const t = v.texts;
  const values = nutritionValues(recipe, v);
  const diets = badges(
    t.diets,
    'diet',
    recipe.dietaryInfo.map((d) => dietLabel(d, v.lang)),
  );
  const traces = badges(
    t.traces,
    'trace',
    recipe.traces.map((a) => allergenLabel(a, v.lang)),
  );
  const score = recipe.nutriScore
    ? nutriScoreScale(
        recipe.nutriScore,
        t.nutriScore,
        t[NUTRISCORE_TABLE_TEXTS[recipe.nutriScoreCategory ?? 'general']],
      )
    : none;
  return html`<div class="nutri"><div class="nh"><h4>${t.nutritionTitle}</h4><span class="per">${t.perServing}</span></div>${values.length ? html`<dl>${values}</dl>` : none}${diets}${allergenLines(recipe, v)}${traces}${originsHtml(recipe.meatOrigins, v)}${score}</div>`;
}

/** An owner's text in the page's language, marked French where the translation is missing. */
const ownerText = (tag: string, attributes: string, text: LocalizedText) =>
  html`<${raw(tag)}${raw(attributes)}${text.french ? raw(' lang="fr"') : none}>${text.text}</${raw(tag)}>`;

/**
 * The dish's photo (docs/decisions/0017-photos.md): a thumbnail 6rem wide (8rem from 48rem),
 * so the browser takes the 320 px copy on most phones. Loaded lazily and decoded off the main
 * thread; its size is reserved by CSS and the attributes, so nothing moves when it arrives.
 */
function photoHtml(photo: Photo, name: string): Html {
  const small = photo.variants[0]!;
  return html`<img class="ph" src="${small.url}" srcset="${photoSrcset(photo)}" sizes="(min-width:48rem) 8rem, 6rem" width="${small.width}" height="${small.height}" alt="${name}" loading="lazy" decoding="async">`;
}

/** An item without a recipe (a drink): its own diet labels and allergen lists, no nutrition. */
const labelsBlock = (labels: NonNullable<PublicMenuItem['labels']>, v: DinerView) =>
  html`<div class="nutri">${badges(
    v.texts.diets,
    'diet',
    labels.dietaryInfo.map((d) => dietLabel(d, v.lang)),
  )}${allergenLines(labels, v)}${badges(
    v.texts.traces,
    'trace',
    labels.traces.map((a) => allergenLabel(a, v.lang)),
  )}</div>`;

const priceHtml = (price: number | null, v: DinerView) =>
  price === null
    ? none
    : html`<p class="pr"><span class="sr">${v.texts.priceLabel} </span>${localizeNumber(formatPrice(price), v.lang)}</p>`;

/**
 * The meats' origins: the decree's words on the French page, the diner's language otherwise
 * (src/shared/diner/meat-origin-names.ts); a line naming a place not translated there stays
 * French, marked as such. The countries are the owner's words: escaped.
 */
function originsHtml(origins: PublicMenuRecipe['meatOrigins'], v: DinerView): Html {
  if (!origins.length) return none;
  const lines = origins.map((o) => {
    const translated = v.lang === 'fr' ? null : meatOriginLineIn(o, v.lang);
    const line = translated ?? o;
    return html`<li${v.lang !== 'fr' && !translated ? raw(' lang="fr"') : none}>${line.meat} · ${line.text}</li>`;
  });
  return html`<div class="tags"><p>${v.texts.meatOrigins}</p><ul class="origins">${lines}</ul></div>`;
}

// A dish whose recipe was deleted has no declared allergens either; a drink has its own lists.
function itemHtml(item: PublicMenuItem, v: DinerView): Html {
  const verdict = filterVerdict(item, v.avoided);
  const classes = ['item', verdict?.kind === 'contains' ? 'off' : '', item.soldOut ? 'so' : '']
    .filter(Boolean)
    .join(' ');
  const description = item.description
    ? ownerText('p', ' class="idesc"', localize(item.description, item.translations, 'description', v.lang))
    : none;
  const facts = item.recipe
    ? nutritionBlock(item.recipe, v)
    : item.labels
      ? labelsBlock(item.labels, v)
      : unverified(v);
  return html`<li class="${classes}">${item.photo ? photoHtml(item.photo, item.name) : none}${ownerText('h3', '', localize(item.name, item.translations, 'name', v.lang))}${item.soldOut ? raw(soldOutBadge(v)) : none}${item.recipe?.homemade ? html`<p class="fm">${v.texts.homemade}</p>` : none}${priceHtml(item.price, v)}${raw(verdictLine(verdict, v))}${description}${facts}</li>`;
}

// A section's name and description in the diner's language, French (marked) where not translated.
const sectionHtml = (section: PublicMenuSection, index: number, v: DinerView) =>
  html`<section aria-labelledby="s${index}">${ownerText('h2', ` id="s${index}"`, localize(section.name, section.translations ?? {}, 'name', v.lang))}${
    section.description
      ? ownerText(
          'p',
          ' class="sdesc"',
          localize(section.description, section.translations ?? {}, 'description', v.lang),
        )
      : none
  }<ul class="items">${section.items.map((item) => itemHtml(item, v))}</ul></section>`;

/**
 * The formules at the top of the page (docs/decisions/0019-public-menu-for-diners.md): « Formule déjeuner 18,50 € : Entrée + Plat
 * ou Plat + Dessert », its name and its sections' names in the diner's language where the owner
 * translated them (a name not translated stays French, and the line is marked so).
 */
function formulesHtml(formules: readonly PublicFormule[], sections: readonly PublicMenuSection[], v: DinerView) {
  if (formules.length === 0) return none;
  const sectionNames = new Map(sections.map((s) => [s.name, localize(s.name, s.translations ?? {}, 'name', v.lang)]));
  const items = formules.map((f) => {
    const names = f.choices.map((c) => c.map((name) => sectionNames.get(name) ?? localize(name, {}, 'name', v.lang)));
    const choices: LocalizedText = {
      text: formuleChoicesText(
        names.map((c) => c.map((n) => n.text)),
        v.texts.or,
      ),
      french: names.some((c) => c.some((n) => n.french)),
    };
    return html`<li class="item">${ownerText('h3', '', localize(f.name, f.translations ?? {}, 'name', v.lang))}${priceHtml(f.price, v)}${ownerText('p', ' class="idesc"', choices)}</li>`;
  });
  return html`<section aria-labelledby="fo" class="fo"><h2 id="fo">${v.texts.setMenus}</h2><ul class="items">${items}</ul></section>`;
}

const empty = (v: DinerView) =>
  html`<div class="empty"><h2>${v.texts.emptyTitle}</h2><p>${v.texts.emptyText}</p></div>`;

/** The establishment's address and phone (docs/decisions/0013-establishment-profile-and-phone-header.md), under the menu's title; a diner can call. */
function contactLine(menu: PublicMenu): Html {
  const phone =
    menu.restaurantPhone &&
    html`<a class="tel" href="tel:${menu.restaurantPhone.replace(/\s/g, '')}">${menu.restaurantPhone}</a>`;
  const parts = [menu.restaurantAddress && html`<span>${menu.restaurantAddress}</span>`, phone].filter(
    (part): part is Html => Boolean(part),
  );
  return parts.length
    ? html`<p class="addr">${parts.flatMap((part, i) => (i ? [raw(' · '), part] : [part]))}</p>`
    : none;
}

/** The establishment's own accessibility contact (docs/product/accessibility.md): a mailto or a web page. */
function accessibilityContactLine(contact: string | null, establishmentName: string, v: DinerView): Html {
  if (!contact) return none;
  const href = contact.includes('@') && !contact.startsWith('http') ? `mailto:${contact}` : contact;
  const fr = v.lang === 'fr' ? none : raw(' lang="fr"');
  return html`<p class="fine">${v.texts.accessibilityContact} <a href="${href}"${fr}>${contact}</a> (<span${fr}>${establishmentName}</span>)</p>`;
}

/**
 * The live region (RGAA 7.5): empty in the page, filled by /menu/live.js with the dishes the
 * owner has just marked sold out or back, in the page's language (menu-live.ts).
 */
const liveRegion = (v: DinerView) =>
  html`<p id="live" class="sr" role="status" data-out="${v.texts.liveSoldOut}" data-back="${v.texts.liveBack}" data-upd="${v.texts.liveUpdated}"></p>`;

/**
 * The public menu page (docs/product/spec.md « Public menu page (/menu/{id}) ») for one diner's
 * view (docs/decisions/0019-public-menu-for-diners.md): its language, its allergen filter, and the script that keeps « Épuisé » live.
 * The language links come after the menu's title, inside <main> (RGAA 12.7,
 * docs/decisions/0040-rgaa-public-pages.md).
 */
export function renderMenuPage(menu: PublicMenu, v: DinerView = FRENCH_VIEW, origin?: string): string {
  const fr = v.lang === 'fr' ? none : raw(' lang="fr"');
  const lead = menu.description
    ? ownerText('p', ' class="lead"', localize(menu.description, menu.translations ?? {}, 'description', v.lang))
    : none;
  const intro = html`<div class="title">${ownerText('h1', '', localize(menu.name, menu.translations ?? {}, 'name', v.lang))}${menu.ownerIsPremium ? crown(v.texts.premium) : none}</div>${lead}${contactLine(menu)}${raw(languageSwitcher(v))}`;
  const sections = menu.sections.filter((s) => s.items.length > 0);
  const priced = menu.formules.length > 0 || sections.some((s) => s.items.some((i) => i.price !== null));
  const homemade = sections.some((s) => s.items.some((i) => i.recipe?.homemade));
  // « Prix nets, service compris » closes a menu that shows a price (docs/product/decisions.md 18).
  const closing = html`${priced ? html`<p class="pm">${v.texts.pricesNote}</p>` : none}${homemade ? html`<p class="pm">${v.texts.homemadeLegend}</p>` : none}`;
  return renderPage({
    lang: v.lang,
    title: `${menu.name} · ${menu.restaurantName}`,
    description: menu.description || `${menu.name} · ${menu.restaurantName}`,
    banner: html`<p class="resto"${fr}>${menu.restaurantName}</p>`,
    intro,
    main: sections.length
      ? html`${formulesHtml(menu.formules, sections, v)}${raw(allergenFilterForm(v))}${sections.map((s, i) => sectionHtml(s, i, v))}${closing}`
      : empty(v),
    afterMain: liveRegion(v),
    // The attribution is French (the Anses' own words, src/shared/ciqual.ts): marked as such.
    // The restaurant's own notice (./legal-notice.ts), beside NutriCarte's in the page's footer.
    footerExtra: html`<p class="fine"${fr}>${CIQUAL_ATTRIBUTION}</p>${accessibilityContactLine(menu.accessibilityContact, menu.restaurantName, v)}<p class="legal"><a href="/menu/${menu.id}/mentions-legales">${v.texts.restaurantLegal}</a></p>`,
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
    banner: html`<p class="resto">${t.productName}</p>`,
    intro: html`<div class="title"><h1>${t.notFoundTitle}</h1></div>`,
    main: html`<div class="empty"><p>${t.notFoundText}</p></div>`,
    noIndex: true,
  });
}
