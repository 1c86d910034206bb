import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import type { MenuChangeFeed } from './menu-changes.ts';

/**
 * The public page's only script (issue 18: ≤ 2 KB gzip, deferred, the page complete without
 * it): on each `change` of GET /menu/:id/events, and when the stream opens again after a cut,
 * the page fetches its own URL (same language, same filter) and puts in what changed, block by
 * block of <main>, so an unchanged block keeps the keyboard's focus, and the filter form stays
 * as the diner is filling it. Then the live region (`#live`, role="status", RGAA 7.5) says which
 * dishes are now sold out or back, or that the menu changed, in the page's language (its
 * `data-*` texts). A failed fetch waits for the next event; a page gone (404) reloads to show why.
 */
export const LIVE_SCRIPT = `(function(){
if(!window.EventSource||!window.fetch||!window.DOMParser)return;
var busy=false,again=false,opened=0;
function out(root){return [].map.call(root.querySelectorAll('.so h3'),function(h){return h.textContent})}
function blocks(root,form){return [].filter.call(root.children,function(c){return c!==form})}
function patch(olds,news,main,before){
var changed=false;
for(var i=0;i<Math.max(olds.length,news.length);i++){
var o=olds[i],n=news[i];
if(o&&n){if(!o.isEqualNode(n)){o.replaceWith(n);changed=true}}
else if(n){main.insertBefore(n,before);changed=true}
else{o.remove();changed=true}
}
return changed;
}
function say(text){
var live=document.getElementById('live');
if(!live||!text)return;
live.textContent='';
setTimeout(function(){live.textContent=text},100);
}
function swap(html){
var next=new DOMParser().parseFromString(html,'text/html').querySelector('main'),main=document.querySelector('main');
if(!next||!main)return;
var was=out(main),form=main.querySelector('.flt'),nextForm=next.querySelector('.flt'),changed;
var olds=blocks(main,form),news=blocks(next,nextForm);
if(form&&nextForm){
var at=olds.indexOf(form.nextElementSibling),nat=news.indexOf(nextForm.nextElementSibling);
if(at<0)at=olds.length;if(nat<0)nat=news.length;
changed=patch(olds.slice(0,at),news.slice(0,nat),main,form);
changed=patch(olds.slice(at),news.slice(nat),main,null)||changed;
}else changed=patch(olds,news,main,null);
var now=out(main),live=document.getElementById('live');
var gone=now.filter(function(n){return was.indexOf(n)<0}),back=was.filter(function(n){return now.indexOf(n)<0});
if(!live)return;
var text=(gone.length?live.dataset.out+' '+gone.join(', ')+'. ':'')+(back.length?live.dataset.back+' '+back.join(', ')+'.':'');
say(text.trim()||(changed?live.dataset.upd:''));
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
