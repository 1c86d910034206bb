import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import type { MenuChangeFeed } from './menu-changes.ts';

/**
 * The public page's only script (issue 18: ≤ 2 KB gzip, deferred, the page complete without
 * it). Framed by a restaurant's website (src/server/features/public-menu/embed.ts), it tells
 * the frame its height whenever it changes. On each `change` of GET /menu/:id/events, and when the stream opens again after a cut,
 * the page fetches its own URL (same language, same filter) and puts in what changed, block by
 * block of <main>, so an unchanged block keeps the keyboard's focus, and the filter form stays
 * as the diner is filling it. Then the live region (`#live`, role="status", RGAA 7.5) says which
 * dishes are now sold out or back, or that the menu changed, in the page's language (its
 * `data-*` texts). A failed fetch waits for the next event; a page gone (404) reloads to show why.
 */
export const LIVE_SCRIPT = `(function(){
var busy=0,again=0,opened=0,d=document;
if(parent!==window&&window.ResizeObserver){var h=0;new ResizeObserver(function(){var n=d.documentElement.scrollHeight;if(n!==h){h=n;parent.postMessage({nutricarte:'menu-height',height:n},'*')}}).observe(d.body)}
if(!window.EventSource||!window.fetch||!window.DOMParser)return;
function out(r){return[].map.call(r.querySelectorAll('.so h3'),function(h){return h.textContent})}
function kids(r,f){return[].filter.call(r.children,function(c){return c!==f})}
function patch(o,n,m,b){var c=0;for(var i=0;i<Math.max(o.length,n.length);i++){if(o[i]&&n[i]){if(!o[i].isEqualNode(n[i])){o[i].replaceWith(n[i]);c=1}}else if(n[i]){m.insertBefore(n[i],b);c=1}else{o[i].remove();c=1}}return c}
function swap(html){
var x=new DOMParser().parseFromString(html,'text/html').querySelector('main'),m=d.querySelector('main'),l=d.getElementById('live');
if(!x||!m)return;
var was=out(m),f=m.querySelector('.flt'),nf=x.querySelector('.flt'),o=kids(m,f),n=kids(x,nf),c;
if(f&&nf){var a=o.indexOf(f.nextElementSibling),b=n.indexOf(nf.nextElementSibling);if(a<0)a=o.length;if(b<0)b=n.length;c=patch(o.slice(0,a),n.slice(0,b),m,f)|patch(o.slice(a),n.slice(b),m,null)}else c=patch(o,n,m,null);
if(!l)return;
var now=out(m),g=now.filter(function(v){return was.indexOf(v)<0}),k=was.filter(function(v){return now.indexOf(v)<0});
var t=((g.length?l.dataset.out+' '+g.join(', ')+'. ':'')+(k.length?l.dataset.back+' '+k.join(', ')+'.':'')).trim()||(c?l.dataset.upd:'');
if(t){l.textContent='';setTimeout(function(){l.textContent=t},100)}
}
function refresh(){
if(busy){again=1;return}
busy=1;
fetch(location.href,{cache:'no-cache',credentials:'omit'}).then(function(r){
if(r.status===404){location.reload();return}
if(r.ok)return r.text().then(swap);
}).catch(function(){}).then(function(){busy=0;if(again){again=0;refresh()}});
}
var source=new EventSource(location.pathname.replace(/\\/+$/,'')+'/events');
source.addEventListener('change',refresh);
source.addEventListener('open',function(){if(opened++)refresh()});
})();
`;

const SCRIPT_VERSION = createHash('sha1').update(LIVE_SCRIPT).digest('base64url').slice(0, 10);
/** Versioned by content: cached for a year, a new version is a new URL. */
export const LIVE_SCRIPT_PATH = '/menu/live.js';

export const liveScriptTag = (): string => `<script src="${LIVE_SCRIPT_PATH}?v=${SCRIPT_VERSION}" defer></script>`;

export function sendLiveScript(c: Context): Response {
  c.header('Content-Type', 'text/javascript; charset=UTF-8');
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
  return c.body(LIVE_SCRIPT);
}

/** A comment line every 25 s keeps proxies from closing a quiet stream (most wait 30–60 s). */
const HEARTBEAT_MS = 25_000;
const encoder = new TextEncoder();

/**
 * GET /menu/:id/events (docs/product/api.md « Menus for diners »): Server-Sent Events, one
 * `change` event each time the menu's public page changes (an item marked « Épuisé », an
 * edit). 404 for anything that is not an active menu. The stream ends when the diner leaves
 * or the process stops; the browser's EventSource then reconnects on its own (`retry`).
 */
export async function menuEventStream(c: Context, db: Kysely<DB>, feed: MenuChangeFeed): Promise<Response> {
  const menuId = c.req.param('id') ?? '';
  const active = isUuid(menuId)
    ? await db
        .selectFrom('menus')
        .select('organisation_id')
        .where('id', '=', menuId)
        .where('is_active', '=', true)
        .executeTakeFirst()
    : undefined;
  if (!active) {
    c.header('Cache-Control', 'no-store');
    return c.text('', 404);
  }
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => {
      let open = true;
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      let unsubscribe = () => {};
      const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      stop = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already cancelled by the client.
        }
      };
      c.req.raw.signal.addEventListener('abort', () => stop());
      try {
        unsubscribe = feed.subscribe(menuId, active.organisation_id, (event) =>
          event === 'close' ? stop() : send(`event: change\ndata: ${menuId}\n\n`),
        );
      } catch {
        stop(); // The process is stopping.
        return;
      }
      // Sent once subscribed (the process listens from its start, src/server/diner.ts): a test
      // (or a page) that waits for it misses no change committed after it.
      send('retry: 2000\n: ready\n\n');
    },
    cancel: () => stop(),
  });
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=UTF-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      // The connection ends with the stream: a stopping process is not held by an idle
      // keep-alive socket (src/server/main.ts ends the streams, then waits for the server).
      Connection: 'close',
    },
  });
}
