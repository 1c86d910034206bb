import type { DinerLanguage } from '../../../shared/diner/languages.ts';
import { DINER_TEXTS } from '../../../shared/diner/texts.ts';
import { LEGAL_PAGES } from '../../../shared/legal.ts';
import { escapeHtml } from '../../lib/html.ts';
import { DINER_CSS } from './diner-controls.ts';

/**
 * The HTML shell of the server-rendered public pages: no script, no third-party resource, one
 * small hand-written stylesheet inline (the diner's phone gets everything in one response).
 * Mobile first; green (#047857) and orange (#ea580c) accents; text contrast ≥ 4.5:1.
 */
export const PAGE_CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2937;background:#f5f7f6}
.wrap{max-width:46rem;margin:0 auto;padding-left:1rem;padding-right:1rem}
.skip{position:absolute;left:-100rem;padding:.5rem 1rem;background:#fff;color:#065f46;font-weight:700}.skip:focus{position:static;display:block}
.top{background:#047857;color:#fff;padding:1.5rem 0 0}
.hd{display:flow-root;background:#047857;color:#fff;margin:0 -1rem;padding:0 1rem 1.25rem;border-bottom:4px solid #ea580c}.hd>div{max-width:44rem;margin:0 auto}
.resto{margin:0;font-size:.8125rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:#d1fae5}
.title{display:flex;align-items:center;gap:.625rem;margin-top:.25rem}
h1{margin:0;font-size:1.75rem;line-height:1.2;overflow-wrap:anywhere}
.crown{flex:none;display:inline-flex;align-items:center;justify-content:center;width:2rem;height:2rem;border-radius:50%;background:#fff}
.crown svg{width:1.25rem;height:1.25rem;fill:#ea580c}
.lead{margin:.5rem 0 0;color:#ecfdf5}
.addr{margin:.625rem 0 0;font-size:.875rem;color:#d1fae5;overflow-wrap:anywhere}
.addr a{color:#fff;font-weight:600;white-space:nowrap}
main{flex:1 0 auto;width:100%;padding:0 1rem 2rem}main>*{max-width:44rem;margin-left:auto;margin-right:auto}
section{margin-top:1.75rem}
h2{margin:0;font-size:1.375rem;line-height:1.3;color:#065f46;padding-bottom:.375rem;border-bottom:3px solid #ea580c}
.sdesc{margin:.5rem 0 0;color:#4b5563}
ul{list-style:none;margin:0;padding:0}
.items{display:grid;gap:.75rem;margin-top:.875rem}
.item{background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:.875rem;box-shadow:0 1px 2px rgba(0,0,0,.04)}
h3{margin:0;font-size:1.125rem;line-height:1.35;color:#111827;overflow-wrap:anywhere}
.idesc{margin:.25rem 0 0;color:#4b5563}
.fm{display:inline-block;margin:.25rem 0 0;padding:0 .5rem;border:1px solid #9a3412;border-radius:999px;color:#9a3412;font-size:.8125rem;font-weight:600}
.origins{list-style:none;margin:0;padding:0;font-size:.875rem;color:#374151}
.pr{margin:.125rem 0 0;font-weight:700;color:#111827}.pm{margin-top:1.5rem;text-align:center;color:#374151;font-size:.875rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ph{float:right;width:6rem;height:6rem;margin:0 0 .5rem .75rem;border-radius:.5rem;object-fit:cover;background:#e5e7eb}.nutri,.item>.al{clear:both}.item{display:flow-root}
.nutri{margin-top:.75rem;padding:.625rem;border-radius:.5rem;background:#ecfdf5}
.nh{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;column-gap:.5rem}
h4{margin:0;font-size:.8125rem;color:#065f46}
.per{font-size:.6875rem;color:#4b5563;white-space:nowrap}
dl{display:flex;flex-wrap:wrap;gap:.25rem;margin:.375rem 0 0}
dl div{flex:1 1 0;min-width:max-content;background:#fff;border-radius:.375rem;padding:.25rem .1875rem;text-align:center}
dt{font-size:.6875rem;color:#4b5563}
dd{margin:0;font-size:.875rem;font-weight:700;color:#111827;white-space:nowrap}
.tags{display:flex;flex-wrap:wrap;align-items:center;gap:.375rem;margin-top:.5rem}
.tags p{margin:0;font-size:.8125rem;font-weight:600;color:#374151}
.badges{display:flex;flex-wrap:wrap;gap:.375rem}
.badges li{font-size:.8125rem;line-height:1.5;padding:.0625rem .625rem;border-radius:999px;border:1px solid}
.diet li{background:#d1fae5;color:#065f46;border-color:#6ee7b7}
.allergen li{background:#fee2e2;color:#991b1b;border-color:#fca5a5;font-weight:600}
.trace li{background:#fef3c7;color:#78350f;border-color:#fcd34d}
.al{margin:.5rem 0 0;font-size:.8125rem;font-weight:600;color:#374151}
.unv{padding:.25rem .5rem;border-radius:.375rem;background:#ffedd5;color:#9a3412;border:1px solid #fdba74}
.ns{display:flex;align-items:center;margin:.625rem 0 0;font-weight:700;line-height:1}
.ns .nl{font-size:.75rem;color:#374151;margin-right:.5rem}
.ns span+span{display:flex;align-items:center;justify-content:center;width:1.375rem;height:1.5rem;font-size:.8125rem;color:#fff}
.ns .nsA{border-radius:.5rem 0 0 .5rem}.ns .nsE{border-radius:0 .5rem .5rem 0}
.ns .on{width:2rem;height:2.25rem;font-size:1.25rem;border-radius:.5rem;border:2px solid #fff;box-shadow:0 0 0 1px #9ca3af;margin:0 -.125rem;position:relative}
.nst{margin:.25rem 0 0;font-size:.75rem;color:#57534e}
.nsA{background:#038141}.nsB{background:#85bb2f}.nsC{background:#fecb02}.nsD{background:#ee8100}.nsE{background:#e63e11}.ns .nsB,.ns .nsC,.ns .nsD{color:#1c1917}
.empty{margin-top:1.75rem;padding:2rem 1rem;text-align:center;background:#fff;border:1px dashed #d1d5db;border-radius:.75rem}
.empty h2{border:0;padding:0}
.empty p{margin:.5rem 0 0;color:#4b5563}
.empty>:first-child{margin-top:0}
footer{border-top:1px solid #e5e7eb;padding:1.25rem 0 2rem;text-align:center;font-size:.875rem;color:#4b5563}
footer p{margin:0}
footer a{color:#047857;font-weight:600}
.fine{margin-top:.75rem;font-size:.6875rem;line-height:1.4;color:#4b5563}
.legal{display:flex;flex-wrap:wrap;justify-content:center;column-gap:1rem;margin-top:.5rem;font-size:.75rem}
.legal a{display:inline-block;padding:.375rem 0;font-weight:400;color:#4b5563}
@media (min-width:48rem){.top{padding-top:2.5rem}.hd{padding-bottom:2rem}h1{font-size:2.25rem}.item{padding:1.25rem}.nutri{padding:.75rem}dl{gap:.375rem}dl div{padding:.375rem .25rem}dd{font-size:1rem}.ph{width:8rem;height:8rem}}`;

export interface PageShell {
  /** The page's language (issue 18); French by default. */
  lang?: DinerLanguage;
  /** `<script defer>` tags, at the end of <head> (never render-blocking). */
  scripts?: string;
  /** Text of <title>, escaped here. */
  title: string;
  /** Already-escaped HTML of the banner: who publishes the page (the restaurant's name). */
  banner: string;
  /** Already-escaped HTML of the green band that opens <main>: the page's <h1> and what goes with it. */
  intro: string;
  /** Already-escaped HTML of the rest of <main>. */
  main: string;
  /** Already-escaped HTML after <main>, outside the landmarks: the live region of the menu page. */
  afterMain?: string;
  /** Already-escaped HTML of the footer's content (below the « propulsé par » line). */
  footerExtra?: string;
  /** Text of <meta name="description">, escaped here. */
  description?: string;
  /** Already-escaped elements added at the end of <head> (the menu page's links, cards and JSON-LD: head.ts). */
  head?: string;
  noIndex?: boolean;
}

// The legal pages of the web app and the accessibility statement; no cookie link: these pages
// hold no tracker to consent to.
const LEGAL_LINKS = `<ul class="legal">${LEGAL_PAGES.map((page) => `<li><a href="${page.path}">${page.title}</a></li>`).join('')}</ul>`;

// The legal pages exist in French only: marked as such on a page in another language.
const LEGAL_LINKS_IN_FRENCH = LEGAL_LINKS.replace('<ul class="legal">', '<ul class="legal" lang="fr">');

/**
 * A complete document around already-escaped fragments; reusable by other public pages (QR
 * errors). Its landmarks (RGAA 12.6, docs/decisions/0040-rgaa-public-pages.md): a skip link
 * first (12.7), the banner with the publisher's name, <main> from the page's title on, the
 * footer with the legal links and the accessibility mention.
 */
export function renderPage(page: PageShell): string {
  const lang = page.lang ?? 'fr';
  const t = DINER_TEXTS[lang];
  return (
    `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(page.title)}</title>` +
    (page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : '') +
    (page.noIndex ? '<meta name="robots" content="noindex">' : '') +
    '<meta name="theme-color" content="#047857"><link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<style>${PAGE_CSS}\n${DINER_CSS}</style>${page.scripts ?? ''}${page.head ?? ''}</head><body>` +
    `<a class="skip" href="#contenu">${t.skipToContent}</a>` +
    `<header class="top"><div class="wrap">${page.banner}</div></header>` +
    `<main id="contenu"><div class="hd"><div>${page.intro}</div></div>${page.main}</main>${page.afterMain ?? ''}` +
    `<footer><div class="wrap"><p>${t.poweredBy} <a href="/">${t.productName}</a></p>${page.footerExtra ?? ''}${lang === 'fr' ? LEGAL_LINKS : LEGAL_LINKS_IN_FRENCH}</div></footer>` +
    '</body></html>\n'
  );
}
