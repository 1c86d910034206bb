import { DINER_ALLERGENS } from '../../../shared/diner/allergens.ts';
import { DINER_LANGUAGES, LANGUAGE_NATIVE_NAMES } from '../../../shared/diner/languages.ts';
import type { FilterVerdict } from './allergen-filter.ts';
import { viewQuery, type DinerView } from './diner-view.ts';

// Fixed texts and allergen names are trusted constants (no markup character, src/shared/diner/),
// written as they are; nothing here comes from an owner or a diner except parsed slugs.

/** Styles of the switcher, the filter and the dish states, added to page.ts's PAGE_CSS. */
export const DINER_CSS = `.langs{display:flex;flex-wrap:wrap;gap:.25rem .625rem;margin:.75rem 0 0;font-size:.8125rem}
.langs a{color:#d1fae5;padding:.25rem 0}.langs a[aria-current]{color:#fff;font-weight:700;text-decoration:none}
.flt{margin-top:1.25rem;background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:.25rem .875rem}
.flt summary{cursor:pointer;padding:.5rem 0;font-weight:700;color:#065f46}
.flt fieldset{border:0;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.125rem .75rem}
.flt legend{float:left;padding:0;font-weight:700}.flt legend,.flt .fh{grid-column:1/-1}
.flt label{display:flex;align-items:center;gap:.5rem;padding:.375rem 0;font-size:.9375rem}
.flt input{width:1.25rem;height:1.25rem;accent-color:#047857}
.fa{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;margin:.5rem 0}
.fa button{font:inherit;font-weight:700;color:#fff;background:#047857;border:0;border-radius:.5rem;padding:.5rem 1.25rem;cursor:pointer}
.fa a{color:#047857;font-weight:600}.fh{margin:0 0 .75rem;font-size:.8125rem;color:#4b5563}
.vd{margin:.375rem 0 0;padding:.25rem .5rem;border-radius:.375rem;font-size:.875rem;font-weight:700;border:1px solid}
.vno{background:#fee2e2;color:#991b1b;border-color:#fca5a5}.vmay{background:#fef3c7;color:#78350f;border-color:#fcd34d}.vunk{background:#ffedd5;color:#9a3412;border-color:#fdba74}
.off{background:#f3f4f6;border-style:dashed}.off h3{color:#4b5563;text-decoration:line-through}
.out{display:inline-block;margin:.375rem 0 0;padding:.125rem .625rem;border-radius:.375rem;background:#1f2937;color:#fff;font-size:.875rem;font-weight:700}
.so h3{color:#4b5563}`;

/** Plain links (no script), a list (RGAA 9.3): each language keeps the allergens the diner avoids. */
export function languageSwitcher(view: DinerView): string {
  const links = DINER_LANGUAGES.map((lang) => {
    const current = lang === view.lang ? ' aria-current="true"' : '';
    return `<li><a href="${viewQuery(lang, view.avoided)}" hreflang="${lang}" lang="${lang}"${current}>${LANGUAGE_NATIVE_NAMES[lang]}</a></li>`;
  }).join('');
  return `<nav aria-label="${view.texts.language}"><ul class="langs">${links}</ul></nav>`;
}

/**
 * « Filtrer les allergènes »: a GET form rendered by the server (`?sans=gluten&sans=lait`, read
 * like `?sans=gluten,lait`), open while a filter is on. Its question « Je ne mange pas de… » is
 * the checkboxes' legend (RGAA 11.7), the hint says what the filter does in words, not only by
 * its look (RGAA 3.1). The hidden `lang` keeps the language.
 */
export function allergenFilterForm(view: DinerView): string {
  const t = view.texts;
  const chosen = new Set(view.avoided.map((a) => a.slug));
  const boxes = DINER_ALLERGENS.map(
    (a) =>
      `<label><input type="checkbox" name="sans" value="${a.slug}"${chosen.has(a.slug) ? ' checked' : ''}>${a.label[view.lang]}</label>`,
  ).join('');
  const summary = view.avoided.length
    ? `${t.filterSummary} · ${view.avoided.map((a) => a.label[view.lang]).join(', ')}`
    : t.filterSummary;
  return (
    `<details class="flt"${view.avoided.length ? ' open' : ''}><summary>${summary}</summary>` +
    `<form method="get"><input type="hidden" name="lang" value="${view.lang}">` +
    `<fieldset aria-describedby="fh"><legend>${t.filterTitle}</legend><p class="fh" id="fh">${t.filterHint}</p>${boxes}</fieldset>` +
    `<p class="fa"><button type="submit">${t.filterApply}</button>` +
    (view.avoided.length ? `<a href="?lang=${view.lang}">${t.filterClear}</a>` : '') +
    '</p></form></details>'
  );
}

/** The line at the top of a dish saying why the filter greys, warns or flags it. */
export function verdictLine(verdict: FilterVerdict | null, view: DinerView): string {
  if (!verdict) return '';
  const t = view.texts;
  if (verdict.kind === 'unverified') return `<p class="vd vunk">${t.allergensUnverified}</p>`;
  const names = verdict.allergens.map((a) => a.label[view.lang]).join(', ');
  return verdict.kind === 'contains'
    ? `<p class="vd vno">${t.contains} ${names}</p>`
    : `<p class="vd vmay">${t.mayContain} ${names}</p>`;
}

/** « Épuisé » under the dish's name; the page's script swaps it in live (menu-live.ts). */
export const soldOutBadge = (view: DinerView): string => `<p class="out">${view.texts.soldOut}</p>`;
