import { escapeHtml as e } from '../../lib/html.ts';
import { renderPage } from './page.ts';
import { FRENCH_VIEW, type DinerView } from './diner-view.ts';

/**
 * What a diner sees when the menu, or the QR code they scanned, is switched off by its owner:
 * the restaurant's name and a calm sentence in the public menu's own look, not an error
 * (answered with status 404, as docs/product/api.md says of an inactive menu; never indexed).
 */
export function renderMenuUnavailablePage(restaurantName: string | null, view: DinerView = FRENCH_VIEW): string {
  const t = view.texts;
  const name = restaurantName?.trim() || t.defaultRestaurantName;
  return renderPage({
    lang: view.lang,
    title: `${t.unavailableTitle} · ${name}`,
    banner: `<p class="resto"${view.lang === 'fr' ? '' : ' lang="fr"'}>${e(name)}</p>`,
    intro: `<div class="title"><h1>${t.unavailableTitle}</h1></div>`,
    main: `<div class="empty"><p>${t.unavailableText}</p></div>`,
    noIndex: true,
  });
}
