/**
 * Live « Épuisé » across server processes
 * (docs/decisions/0020-languages-filter-live-availability.md): two built servers on one PostgreSQL
 * database. A diner's page is open on B (its event stream); the owner marks a dish sold out through
 * A; B hears PostgreSQL's NOTIFY and tells the page within 2 s, and B's page shows « Épuisé ».
 * Stopping B ends the open stream (the browser reconnects elsewhere) and B exits cleanly.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../test/provided.ts';
import { readEvents } from '../features/public-menu/sse-test-reader.ts';
import { client, signUp, type Client } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

let scratch: ScratchDatabase | undefined;
const servers: ServerProcess[] = [];
let a: Client;

beforeAll(async () => {
  scratch = await createScratchDatabase(inject('postgresAdminUrl'), {
    template: inject('postgresTemplate'),
    prefix: inject('postgresDbPrefix'),
  });
  const portA = await freePort();
  const origin = `http://127.0.0.1:${portA}`;
  const secret = newAuthSecret();
  const env = () => ({ DATABASE_URL: scratch!.url, BETTER_AUTH_SECRET: secret, PUBLIC_ORIGIN: origin });
  const started = await Promise.allSettled([
    startServer({ label: 'A', port: portA, env }),
    startServer({ label: 'B', env }),
  ]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  a = client(servers[0]!.url, origin);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await scratch?.drop();
});

async function ok(promise: ReturnType<Client>) {
  const res = await promise;
  if (res.status >= 300) throw new Error(`${res.status} ${res.text}`);
  return res.body;
}

describe('live « Épuisé » on two server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  it('a dish marked sold out through A reaches a page open on B within 2 s', async () => {
    const { cookie } = await signUp(a);
    const menu = await ok(a('POST', '/api/menus', { cookie, body: { name: 'Carte du soir' } }));
    const section = await ok(a('POST', `/api/menus/${menu.id}/sections`, { cookie, body: { name: 'Plats' } }));
    const recipe = await ok(
      a('POST', '/api/recipes', {
        cookie,
        body: {
          name: 'Quiche',
          servings: 2,
          ingredients: [{ code: '22000', quantity: 100, unit: 'g' }],
          allergens: [],
          dietaryInfo: [],
        },
      }),
    );
    const item = await ok(a('POST', `/api/sections/${section.id}/items`, { cookie, body: { recipeId: recipe.id } }));

    const b = servers[1]!;
    const events = await readEvents(b.url, `/menu/${menu.id}/events`);
    try {
      const started = performance.now();
      await ok(a('PUT', `/api/items/${item.id}/sold-out`, { cookie, body: { soldOut: true } }));
      expect(await events.next()).toBe(`event: change\ndata: ${menu.id}`);
      expect(performance.now() - started).toBeLessThan(2_000);
      const page = await fetch(`${b.url}/menu/${menu.id}?lang=en`);
      expect(await page.text()).toContain('<p class="out">Sold out</p>');

      // Stopping B ends the stream instead of holding the shutdown.
      const stopped = performance.now();
      await b.stop();
      expect((await b.exited).code).toBe(0);
      expect(performance.now() - stopped).toBeLessThan(10_000);
      await expect(events.next()).rejects.toThrow(/ended|terminated|abort/i);
    } finally {
      await events.close();
    }
  });
});
