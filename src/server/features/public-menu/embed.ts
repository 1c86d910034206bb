import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * The embed of the live menu on a restaurant's own website (docs/product/integrations.md
 * « Intégrer la carte ») : `<script src="<origin>/embed.js" data-menu="<id>" async></script>`
 * puts the public menu page in a frame right after the script, as wide as its container and
 * as tall as the page (the page tells its height, src/server/features/public-menu/menu-live.ts).
 * The frame is `credentialless` where the browser knows it, and the page sets no cookie anyway.
 * `data-lang` picks a language (`en`, `es`, `de`, `it`), `data-title` the frame's accessible name.
 */
export const EMBED_SCRIPT = `(function(){
var s=document.currentScript;if(!s||!s.getAttribute('data-menu'))return;
var origin=new URL(s.src).origin,lang=s.getAttribute('data-lang'),f=document.createElement('iframe');
f.src=origin+'/menu/'+encodeURIComponent(s.getAttribute('data-menu'))+(lang?'?lang='+encodeURIComponent(lang):'');
f.title=s.getAttribute('data-title')||'Menu';f.loading='lazy';f.referrerPolicy='strict-origin-when-cross-origin';
f.setAttribute('credentialless','');f.style.cssText='display:block;width:100%;min-height:30rem;border:0';
s.parentNode.insertBefore(f,s.nextSibling);
window.addEventListener('message',function(e){var d=e.data;
if(e.origin===origin&&e.source===f.contentWindow&&d&&d.nutricarte==='menu-height'&&d.height>0){f.style.height=Math.ceil(d.height)+'px';f.style.minHeight='0'}});
})();
`;

export const EMBED_SCRIPT_PATH = '/embed.js';
const ETAG = `"${createHash('sha1').update(EMBED_SCRIPT).digest('base64url').slice(0, 16)}"`;

/** Cached an hour and revalidated: a website's snippet keeps one address, the script may change. */
export function sendEmbedScript(c: Context): Response {
  c.header('Content-Type', 'text/javascript; charset=UTF-8');
  c.header('Cache-Control', 'public, max-age=3600');
  c.header('ETag', ETAG);
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  c.header('Access-Control-Allow-Origin', '*');
  if (c.req.header('if-none-match') === ETAG) return c.body(null, 304);
  return c.body(EMBED_SCRIPT);
}
