import { ALLERGEN_STATEMENTS } from '../../../shared/allergens.ts';
import {
  SERVICE_LABELS,
  SLOT_LABELS,
  withFirstOrdinal,
  type Service,
  type Slot,
} from '../../../shared/catering/catering.ts';
import type { DishLabel } from '../../../shared/catering/dish-labels.ts';
import type { DinerMeatOrigin } from '../../../shared/diner-meat-origins.ts';
import { DINER_TEXTS } from '../../../shared/diner/texts.ts';
import { LEGAL_PAGES } from '../../../shared/legal.ts';
import { escapeHtml as e } from '../../lib/html.ts';

const FR_TEXTS = DINER_TEXTS.fr;

export interface WeekDish {
  slot: Slot;
  name: string;
  allergens: string[];
  /** « Peut contenir » (src/shared/recipe-facts.ts: the recipe's and its products' traces). */
  traces: string[];
  allergensDeclared: boolean;
  /** Quality signs with the ingredients that carry them (src/shared/catering/dish-labels.ts). */
  labels: DishLabel[];
  /** « De saison » that day (src/shared/catering/season.ts), « Fait maison », the meats' origins. */
  seasonal: boolean;
  homemade: boolean;
  meatOrigins: DinerMeatOrigin[];
  /** What each diet variant eats instead (« Sans porc : Omelette »), with its own allergens. */
  substitutes: ({ label: string; name: string } & Pick<WeekDish, 'allergens' | 'traces' | 'allergensDeclared'>)[];
}
export interface WeekDay {
  date: string;
  services: { service: Service; dishes: WeekDish[] }[];
  vegetarianLunch: boolean;
}
interface WeekNav {
  establishmentId: string;
  establishmentName: string;
  /** The establishment's own accessibility contact, an e-mail address or a web address, or null. */
  accessibilityContact: string | null;
  monday: string;
  previous: string;
  next: string;
}
export interface WeekPage extends WeekNav {
  days: WeekDay[];
  /** A change after publication (ISO instant): families read « Menu modifié le … ». */
  changedAt: string | null;
}

const DATE = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const SHORT = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const CHANGED = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});
const day = (date: string) => withFirstOrdinal(DATE.format(new Date(`${date}T00:00:00Z`)));

// Small on purpose (docs/product/meal-plans.md: ≤ 15 KB gzip, readable without JavaScript).
const CSS =
  'body{font:16px/1.45 system-ui,sans-serif;margin:0;color:#1c1917;background:#fafaf9}main{max-width:46rem;margin:0 auto;padding:1rem}' +
  'h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.1rem;margin:0 0 .4rem}h2::first-letter{text-transform:uppercase}section{background:#fff;border:1px solid #e7e5e4;border-radius:.6rem;padding:.8rem 1rem;margin:.8rem 0}' +
  'h3{font-size:.95rem;margin:.5rem 0 .2rem;color:#57534e}ul{list-style:none;margin:0;padding:0}li{padding:.25rem 0;border-top:1px solid #f5f5f4}li:first-child{border-top:0}' +
  '.c{color:#78716c;font-size:.8rem;display:block}.a,.t{display:block;font-size:.85rem;color:#9a3412}.t{color:#57534e}.n{display:block;font-size:.85rem;color:#57534e}.l{display:block;font-size:.85rem;color:#166534}.veg,.b{display:inline-block;background:#dcfce7;color:#166534;border-radius:1rem;padding:0 .6rem;font-size:.85rem;font-weight:600}.b{font-size:.75rem;font-weight:500;margin-left:.3rem;background:#f5f5f4;color:#44403c}' +
  '.s{display:block;margin:.2rem 0 0 .6rem;padding-left:.5rem;border-left:2px solid #e7e5e4}.m{background:#fef3c7;border-radius:.4rem;padding:.4rem .6rem;font-size:.9rem}nav{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1rem;margin:1rem 0}a{color:#9a3412}.empty{color:#78716c}' +
  'header,footer{max-width:46rem;margin:0 auto;padding:0 1rem}header p{margin:1rem 0 0;font-weight:600}footer{font-size:.8rem;color:#57534e;padding-bottom:1.5rem}' +
  'footer ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem}footer li{padding:.25rem 0}' +
  '.skip{position:absolute;left:-100rem;padding:.5rem 1rem;background:#fff;color:#9a3412}.skip:focus{position:static;display:block}';

/** Allergens in allergen colour; « Aucun des 14 allergènes » and « non renseignés » in plain text. */
function allergenLine(dish: Pick<WeekDish, 'allergens' | 'traces' | 'allergensDeclared'>): string {
  if (!dish.allergensDeclared) return `<span class="n">${ALLERGEN_STATEMENTS.unverified}</span>`;
  const traces = dish.traces.length
    ? `<span class="t">${FR_TEXTS.mayContain} ${dish.traces.map(e).join(', ')}</span>`
    : '';
  if (dish.allergens.length === 0)
    return `<span class="n">Allergènes\u00a0: ${ALLERGEN_STATEMENTS.none}</span>${traces}`;
  return `<span class="a">Allergènes\u00a0: ${dish.allergens.map(e).join(', ')}</span>${traces}`;
}

function labelLine(dish: WeekDish): string {
  return dish.labels
    .map((l) => `<span class="l">${e(l.name)}\u00a0: ${l.ingredients.map(e).join(', ')}</span>`)
    .join('');
}

function originLine(dish: WeekDish): string {
  return dish.meatOrigins.map((o) => `<span class="n">${e(o.meat)}\u00a0: ${e(o.text)}</span>`).join('');
}

function substituteLine(dish: WeekDish): string {
  return dish.substitutes
    .map((s) => `<span class="s"><span class="n">${e(s.label)}\u00a0: ${e(s.name)}</span>${allergenLine(s)}</span>`)
    .join('');
}

function badges(dish: WeekDish): string {
  return (
    (dish.seasonal ? '<span class="b">De saison</span>' : '') +
    (dish.homemade ? `<span class="b">${FR_TEXTS.homemade}</span>` : '')
  );
}

function renderDay(d: WeekDay): string {
  const services = d.services
    .map(
      (s) =>
        `<h3>${SERVICE_LABELS[s.service]}</h3><ul>${s.dishes
          .map(
            (dish) =>
              `<li><span class="c">${SLOT_LABELS[dish.slot]}</span>${e(dish.name)}${badges(dish)}${labelLine(dish)}${originLine(dish)}${allergenLine(dish)}${substituteLine(dish)}</li>`,
          )
          .join('')}</ul>`,
    )
    .join('');
  const veg = d.vegetarianLunch ? ' <span class="veg">Menu végétarien</span>' : '';
  return `<section><h2>${day(d.date)}${veg}</h2>${services || '<p class="empty">Pas de repas prévu.</p>'}</section>`;
}

const link = (page: WeekNav, date: string, text: string) =>
  `<a href="/semaine/${e(page.establishmentId)}?date=${date}">${text}</a>`;
const navOf = (page: WeekNav, label: string) =>
  `<nav aria-label="${label}">${link(page, page.previous, '<span aria-hidden="true">←</span> Semaine précédente')}${link(page, page.next, 'Semaine suivante <span aria-hidden="true">→</span>')}</nav>`;
const titleOf = (page: WeekNav) =>
  `Menus de la semaine du ${withFirstOrdinal(SHORT.format(new Date(`${page.monday}T00:00:00Z`)))}`;

/** The footer of the week page: who to ask, the establishment's accessibility contact, the legal links. */
function footer(page: Pick<WeekNav, 'establishmentName' | 'accessibilityContact'>): string {
  const contact = page.accessibilityContact;
  const href = contact && (contact.includes('@') && !contact.startsWith('http') ? `mailto:${contact}` : contact);
  return (
    '<footer><p>Les 14\u00a0allergènes réglementaires sont indiqués pour chaque plat. Pour toute question, adressez-vous au personnel de restauration.</p>' +
    (contact
      ? `<p>Contact accessibilité de ${e(page.establishmentName)}\u00a0: <a href="${e(href!)}">${e(contact)}</a></p>`
      : '') +
    `<ul>${LEGAL_PAGES.map((legal) => `<li><a href="${legal.path}">${legal.title}</a></li>`).join('')}</ul></footer>`
  );
}

/**
 * The page's frame (RGAA 12.6 and 12.7, docs/decisions/0040-rgaa-public-pages.md): a skip
 * link, the establishment's name as the banner, the week in <main>, the footer outside it.
 */
function weekDocument(
  title: string,
  page: Pick<WeekNav, 'establishmentName' | 'accessibilityContact'> | null,
  main: string,
) {
  return (
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${title}</title><style>${CSS}</style></head><body><a class="skip" href="#contenu">Aller au contenu</a>` +
    (page ? `<header><p>${e(page.establishmentName)}</p></header>` : '') +
    `<main id="contenu">${main}</main>` +
    footer(page ?? { establishmentName: '', accessibilityContact: null }) +
    '</body></html>'
  );
}

/** The week's meals for families (GET /semaine/:establishmentId), a published week only. */
export function renderWeekPage(page: WeekPage): string {
  const title = titleOf(page);
  const planned = page.days.filter((d) => d.services.length > 0);
  const changed = page.changedAt
    ? `<p class="m">Menu modifié le ${withFirstOrdinal(CHANGED.format(new Date(page.changedAt)))}</p>`
    : '';
  return weekDocument(
    `${e(page.establishmentName)} · ${title}`,
    page,
    `<h1>${title}</h1>${changed}` +
      navOf(page, 'Changer de semaine') +
      (planned.length
        ? planned.map(renderDay).join('')
        : '<section><p class="empty">Pas de repas prévu cette semaine.</p></section>') +
      navOf(page, 'Changer de semaine, bas de page'),
  );
}

/** A week not published yet (a draft, or nothing planned): the calm « pas disponible » page, status 404. */
export function renderWeekUnavailable(page: WeekNav): string {
  return weekDocument(
    `${e(page.establishmentName)} · ${titleOf(page)}`,
    page,
    `<h1>${titleOf(page)}</h1>` +
      '<section><p class="empty">Les menus de cette semaine ne sont pas encore disponibles. Revenez un peu plus tard.</p></section>' +
      navOf(page, 'Changer de semaine'),
  );
}

export function renderWeekNotFound(): string {
  return weekDocument(
    'Menus introuvables',
    null,
    '<h1>Menus introuvables</h1><p>Ce lien ne correspond à aucun établissement.</p>',
  );
}
