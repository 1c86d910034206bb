import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import type { MenuChangeFeed } from './menu-changes.ts';

/**
 * The public page's only script (issue 18: ≤ 2 KB gzip, deferred, the page complete without
 * it). Framed by a restaurant's website (src/server/features/public-menu/embed.ts), it tells
 * the frame its height whenever it changes. Then, on each `change` of GET /menu/:id/events, and when the stream opens again after a cut,
 * the page fetches its own URL (same language, same filter) and swaps the dishes in, leaving
 * the filter form as the diner is filling it. A failed fetch waits for the next event; a page
 * gone (404) reloads to show why.
 */
export const LIVE_SCRIPT = `(function(){
if(window.parent!==window&&window.ResizeObserver){var h=0;new ResizeObserver(function(){var n=document.documentElement.scrollHeight;if(n!==h){h=n;parent.postMessage({nutricarte:'menu-height',height:n},'*')}}).observe(document.body)}
if(!window.EventSource||!window.fetch||!window.DOMParser)return;
var busy=false,again=false,opened=0;
function swap(html){
var next=new DOMParser().parseFromString(html,'text/html').querySelector('main'),main=document.querySelector('main');
if(!next||!main)return;
var form=main.querySelector('.flt'),nextForm=next.querySelector('.flt');
if(!form||!nextForm){main.replaceWith(next);return}
Array.prototype.slice.call(main.children).forEach(function(c){if(c!==form)c.remove()});
Array.prototype.slice.call(next.children).forEach(function(c){if(c!==nextForm)main.appendChild(c)});
}
function refresh(){
if(busy){again=true;return}
busy=true;
fetch(location.href,{cache:'no-cache',credentials:'omit'}).then(function(r){
if(r.status===404){location.reload();return}
if(r.ok)return r.text().then(swap);
}).catch(function(){}).then(function(){busy=false;if(again){again=false;refresh()}});
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
