import { LEGAL_PAGES } from '../../../shared/legal.ts';
import { escapeHtml } from '../../lib/html.ts';

const LEGAL_LINKS = LEGAL_PAGES.map((page) => `<li><a href="${page.path}">${page.title}</a></li>`).join('');

/**
 * docs/product/spec.md « QR redirect page » error state, rendered on the server (no script
 * needed). Its frame follows the public pages' (docs/decisions/0040-rgaa-public-pages.md): a
 * skip link, a banner, the message in <main>, and the footer with the accessibility mention.
 */
export function qrErrorPage(message: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(message)} – NutriCarte</title><meta name="robots" content="noindex">
<style>*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#fafaf9;color:#1c1917;display:flex;flex-direction:column;min-height:100vh;align-items:center;padding:0 1rem}header{padding:1rem 0;font-weight:700}main{flex:1 0 auto;width:100%;max-width:28rem;text-align:center;background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;padding:2rem 1rem;margin-bottom:1.5rem}h1{color:#b91c1c;margin:0 0 .5rem}p{line-height:1.5}a{color:#047857}footer{font-size:.8rem;color:#57534e}footer ul{display:flex;flex-wrap:wrap;justify-content:center;gap:.25rem 1rem;padding:0;list-style:none}footer li{padding:.25rem 0}.skip{position:absolute;left:-100rem;padding:.5rem 1rem;background:#fff}.skip:focus{position:static}</style>
</head><body><a class="skip" href="#contenu">Aller au contenu</a><header><a href="/">NutriCarte</a></header><main id="contenu"><h1>Erreur</h1><p><strong>${escapeHtml(message)}</strong></p>
<p>Veuillez vérifier que le code QR est valide et que le menu est disponible.</p></main><footer><ul>${LEGAL_LINKS}</ul></footer></body></html>`;
}
