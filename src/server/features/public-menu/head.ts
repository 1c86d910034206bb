import type { Menu, MenuItem, MenuSection, Restaurant, RestrictedDiet, WithContext } from 'schema-dts';
import { formuleChoicesText } from '../../../shared/api/formules.ts';
import type { PublicMenu, PublicMenuItem } from '../../../shared/api/public-menu.ts';
import { DINER_LANGUAGES, type DinerLanguage } from '../../../shared/diner/languages.ts';
import { localize } from '../../../shared/diner/translations.ts';
import { escapeHtml as e } from '../../lib/html.ts';
import type { DinerView } from './diner-view.ts';

/**
 * What the public menu page tells search engines and link previews, in its <head>
 * (docs/product/integrations.md « Menus lisibles par le web »): the canonical address of the
 * view and one `hreflang` per language, Open Graph and Twitter cards, and schema.org JSON-LD,
 * Restaurant → hasMenu → Menu → MenuSection → MenuItem with its offer (price in EUR, in stock
 * or « Épuisé »), the diets it suits and its nutrition per portion. Property names are checked
 * against schema.org's vocabulary at compile time (schema-dts) and by a test that expands the
 * JSON-LD (src/server/features/public-menu/head.test.ts). A filtered view (`?sans=`) names the
 * unfiltered page of its language as canonical.
 */
const DIETS: Record<string, RestrictedDiet> = {
  Végétarien: 'https://schema.org/VegetarianDiet',
  Végan: 'https://schema.org/VeganDiet',
  'Sans gluten': 'https://schema.org/GlutenFreeDiet',
  'Sans lactose': 'https://schema.org/LowLactoseDiet',
  Halal: 'https://schema.org/HalalDiet',
  Casher: 'https://schema.org/KosherDiet',
};

const OG_LOCALES: Record<DinerLanguage, string> = { fr: 'fr_FR', en: 'en_GB', es: 'es_ES', de: 'de_DE', it: 'it_IT' };

export const menuPageUrl = (origin: string, menuId: string, lang: DinerLanguage) =>
  `${origin}/menu/${encodeURIComponent(menuId)}${lang === 'fr' ? '' : `?lang=${lang}`}`;

const absolute = (url: string, origin: string) => new URL(url, origin).href;
/** schema.org's Energy and Mass: « 412 kcal », with a plain space for the machines that read it. */
const quantity = (value: number, unit: string) => [value, unit].join(' ');
const offer = (price: number, soldOut: boolean) => ({
  '@type': 'Offer' as const,
  price: price.toFixed(2),
  priceCurrency: 'EUR',
  availability: soldOut ? ('https://schema.org/SoldOut' as const) : ('https://schema.org/InStock' as const),
});

function menuItem(item: PublicMenuItem, v: DinerView, origin: string): MenuItem {
  const name = localize(item.name, item.translations, 'name', v.lang).text;
  const description = item.description && localize(item.description, item.translations, 'description', v.lang).text;
  const diets = (item.recipe?.dietaryInfo ?? item.labels?.dietaryInfo ?? []).flatMap((d) => DIETS[d] ?? []);
  const r = item.recipe;
  const nutrition = r && {
    '@type': 'NutritionInformation' as const,
    servingSize: '1 portion',
    ...(r.caloriesPerServing !== null ? { calories: quantity(r.caloriesPerServing, 'kcal') } : {}),
    ...(r.proteinPerServing !== null ? { proteinContent: quantity(r.proteinPerServing, 'g') } : {}),
    ...(r.carbsPerServing !== null ? { carbohydrateContent: quantity(r.carbsPerServing, 'g') } : {}),
    ...(r.fatPerServing !== null ? { fatContent: quantity(r.fatPerServing, 'g') } : {}),
  };
  return {
    '@type': 'MenuItem',
    name,
    ...(description ? { description } : {}),
    ...(item.photo ? { image: absolute(item.photo.url, origin) } : {}),
    ...(item.price !== null ? { offers: offer(item.price, item.soldOut) } : {}),
    ...(diets.length ? { suitableForDiet: diets } : {}),
    ...(nutrition && Object.keys(nutrition).length > 2 ? { nutrition } : {}),
  };
}

export function menuStructuredData(menu: PublicMenu, v: DinerView, origin: string): WithContext<Restaurant> {
  const sections: MenuSection[] = menu.sections
    .filter((s) => s.items.length > 0)
    .map((s) => ({
      '@type': 'MenuSection',
      name: s.name,
      ...(s.description ? { description: s.description } : {}),
      hasMenuItem: s.items.map((item) => menuItem(item, v, origin)),
    }));
  if (menu.formules.length)
    sections.unshift({
      '@type': 'MenuSection',
      name: v.texts.setMenus,
      hasMenuItem: menu.formules.map((f) => ({
        '@type': 'MenuItem',
        name: f.name,
        description: formuleChoicesText(f.choices, v.texts.or),
        offers: offer(f.price, false),
      })),
    });
  const hasMenu: Menu = {
    '@type': 'Menu',
    name: menu.name,
    ...(menu.description ? { description: menu.description } : {}),
    url: menuPageUrl(origin, menu.id, v.lang),
    inLanguage: v.lang,
    hasMenuSection: sections,
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: menu.restaurantName,
    ...(menu.restaurantAddress ? { address: menu.restaurantAddress } : {}),
    ...(menu.restaurantPhone ? { telephone: menu.restaurantPhone } : {}),
    hasMenu,
  };
}

/** `<` escaped: no text of the owner can close the script element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The <head> additions of one view of the public menu page. */
export function renderMenuHead(menu: PublicMenu, v: DinerView, origin: string): string {
  const canonical = menuPageUrl(origin, menu.id, v.lang);
  const title = `${menu.name} · ${menu.restaurantName}`;
  const description = menu.description || title;
  const image = menu.sections.flatMap((s) => s.items).find((i) => i.photo)?.photo;
  const meta = (attribute: 'property' | 'name', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${e(content)}">`;
  return (
    `<link rel="canonical" href="${e(canonical)}">` +
    DINER_LANGUAGES.map(
      (lang) => `<link rel="alternate" hreflang="${lang}" href="${e(menuPageUrl(origin, menu.id, lang))}">`,
    ).join('') +
    `<link rel="alternate" hreflang="x-default" href="${e(menuPageUrl(origin, menu.id, 'fr'))}">` +
    meta('property', 'og:type', 'website') +
    meta('property', 'og:title', title) +
    meta('property', 'og:description', description) +
    meta('property', 'og:url', canonical) +
    meta('property', 'og:site_name', menu.restaurantName) +
    meta('property', 'og:locale', OG_LOCALES[v.lang]) +
    (image ? meta('property', 'og:image', absolute(image.url, origin)) : '') +
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary') +
    meta('name', 'twitter:title', title) +
    meta('name', 'twitter:description', description) +
    `<script type="application/ld+json">${scriptJson(menuStructuredData(menu, v, origin))}</script>`
  );
}
