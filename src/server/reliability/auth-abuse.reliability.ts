/**
 * Auth abuse (docs/product/decisions.md 3 and 14) on built server processes, so the client address is the
 * real socket's: sign-in brute force is stopped at the default limit (10 per 60 s) by every
 * process of the deployment, and, per e-mail address, whatever the client addresses (10 wrong
 * passwords per 15 min, docs/decisions/0011); session cookies are HttpOnly, SameSite=Lax, and
 * Secure behind https; a mutating request without the app's Origin is refused; a sign-out on
 * one process ends the session on the other at once; a body over 1 MB is refused with 413.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import '../test/provided.ts';
import { errorShapeProblems } from './support/api-error.ts';
import { countOwnedRows } from './support/db-state.ts';
import { client, cookieFrom, PASSWORD, signUp, uniqueEmail, type Client, type HttpResponse } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

const HTTPS_ORIGIN = 'https://nutricarte.example';

const scratches: ScratchDatabase[] = [];
const servers: ServerProcess[] = [];
let database: Database | undefined;
let origin: string;
let a: Client;
let b: Client;
let secure: Client;
/** Two processes behind a (pretend) proxy: the client address is X-Forwarded-For's last entry. */
let proxiedC: Client;
let proxiedD: Client;

async function scratchDatabase() {
  const scratch = await createScratchDatabase(inject('postgresAdminUrl'), {
    template: inject('postgresTemplate'),
    prefix: inject('postgresDbPrefix'),
  });
  scratches.push(scratch);
  return scratch;
}

beforeAll(async () => {
  const [main, other] = await Promise.all([scratchDatabase(), scratchDatabase()]);
  const portA = await freePort();
  origin = `http://127.0.0.1:${portA}`;
  const secret = newAuthSecret();
  // AUTH_RATE_LIMIT_MAX is left unset: the default (10 attempts per 60 s) is what is tested.
  const env = () => ({ DATABASE_URL: main.url, BETTER_AUTH_SECRET: secret, PUBLIC_ORIGIN: origin });
  const started = await Promise.allSettled([
    startServer({ label: 'A', port: portA, env }),
    startServer({ label: 'B', env }),
    startServer({
      label: 'https',
      env: () => ({
        DATABASE_URL: other.url,
        BETTER_AUTH_SECRET: newAuthSecret(),
        PUBLIC_ORIGIN: HTTPS_ORIGIN,
        ALLOW_NO_SMTP: 'true',
      }),
    }),
    startServer({ label: 'proxied C', env: () => ({ ...env(), TRUST_PROXY: '1' }) }),
    startServer({ label: 'proxied D', env: () => ({ ...env(), TRUST_PROXY: '1' }) }),
  ]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  a = client(servers[0]!.url, origin);
  b = client(servers[1]!.url, origin);
  secure = client(servers[2]!.url, HTTPS_ORIGIN);
  proxiedC = client(servers[3]!.url, origin);
  proxiedD = client(servers[4]!.url, origin);
  database = await openDatabase({ databaseUrl: main.url, maxConnections: 2 });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await Promise.all(scratches.map((s) => s.drop()));
});

/**
 * A POST with node:http, which reads an answer sent before the upload ends (fetch reports the
 * closed socket instead). The body is handed to the kernel in one write: Hono's node server
 * drains an unread body for 500 ms only, then closes the socket.
 */
function rawPost(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; text: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { method: 'POST', headers, agent: false }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
      res.on('error', reject);
    });
    // EPIPE/ECONNRESET once the answer is in: the server stopped reading the rest, as it may.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

function expectError(res: HttpResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }, res.text).toEqual({ status, code });
  expect(errorShapeProblems(res.status, res.body, res.headers.get('content-type'))).toEqual([]);
}

describe('auth abuse on real server processes', () => {
  // First: the window of the sign-in rule is per client address and shared by both processes.
  it('brute-forcing sign-in gets 429 rate_limited after 10 attempts, across both processes, whatever X-Forwarded-For says', async (context) => {
    const victim = await signUp(a);
    const attempts: number[] = [];
    // Each attempt on another address: the per-address throttle (tested below) stays out of the way.
    for (let i = 0; i < 10; i++) {
      const api = i % 2 ? b : a;
      const res = await api('POST', '/api/auth/sign-in/email', {
        body: { email: uniqueEmail(`essai-${i}`), password: `mauvais-${i}` },
      });
      expectError(res, 401, 'unauthenticated');
      attempts.push(res.status);
    }
    // The victim's right password does not get through either, on either process, nor with spoofed addresses.
    const blocked = [
      await a('POST', '/api/auth/sign-in/email', { body: { email: victim.email, password: PASSWORD } }),
      await b('POST', '/api/auth/sign-in/email', { body: { email: victim.email, password: PASSWORD } }),
      await a('POST', '/api/auth/sign-in/email', {
        body: { email: victim.email, password: PASSWORD },
        headers: {
          'x-forwarded-for': '203.0.113.7',
          'x-real-ip': '203.0.113.8',
          'x-nutricarte-client-ip': '203.0.113.9',
        },
      }),
    ];
    for (const res of blocked) {
      expectError(res, 429, 'rate_limited');
      expect(res.setCookie).toEqual([]);
      // better-auth's per-client limit, not the per-address one: its generic message, and when to come back.
      expect(res.body.error.message).toBe('Trop de tentatives. Veuillez réessayer dans quelques minutes.');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    report(
      context,
      `10×401 then ${blocked.length}×429 (retry-after: ${blocked[0]!.headers.get('retry-after') ?? 'none'} s)`,
    );
  });

  it('50 wrong passwords on one address from 5 client addresses: 401 ten times, then 429 on both processes, even for the right password', async (context) => {
    const victim = await signUp(a);
    const unknown = uniqueEmail('inconnu');
    const attempt = (i: number, email: string, password: string) =>
      (i % 2 ? proxiedD : proxiedC)('POST', '/api/auth/sign-in/email', {
        body: { email, password },
        headers: { 'x-forwarded-for': `198.51.100.${(i % 5) + 1}` },
      });
    for (const email of [victim.email, unknown]) {
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) {
        const res = await attempt(i, email, `mauvais-${i}`);
        if (res.status === 429) expectError(res, 429, 'rate_limited');
        else expectError(res, 401, 'unauthenticated');
        statuses.push(res.status);
      }
      // Each client address stayed under its own limit (10 per 60 s): only the address throttle refused.
      expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(40).fill(429)]);
    }
    const right = await attempt(5, victim.email, PASSWORD);
    expectError(right, 429, 'rate_limited');
    expect(right.setCookie).toEqual([]);
    expect(right.body.error.message).toMatch(
      /^Trop de tentatives de connexion pour cette adresse\. Réessayez dans \d+\sminutes?, ou choisissez un nouveau mot de passe/,
    );
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // An unknown address is answered the same way: nothing tells which accounts exist.
    const stranger = await attempt(5, unknown, PASSWORD);
    expect(stranger.body).toEqual(right.body);
    report(
      context,
      `per address: 10×401 then 40×429 from 5 client addresses on 2 processes (retry-after: ${retryAfter} s)`,
    );
  });

  it('session cookies are HttpOnly and SameSite=Lax, without Secure over http', async () => {
    const res = await a('POST', '/api/auth/sign-up/email', {
      body: { email: uniqueEmail('cookie'), password: PASSWORD },
    });
    expect(res.status).toBe(200);
    const session = res.setCookie.filter((line) => /^nutricarte\.session_token=/.test(line));
    expect(session).toHaveLength(1);
    for (const line of res.setCookie) {
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
      expect(line).not.toMatch(/;\s*Secure/i);
    }
  });

  it('with PUBLIC_ORIGIN=https://… the session cookie is also Secure (and __Secure- prefixed), and HSTS is sent', async () => {
    const up = await secure('POST', '/api/auth/sign-up/email', {
      body: { email: uniqueEmail('https'), password: PASSWORD },
    });
    expect(up.status, up.text).toBe(200);
    const session = up.setCookie.filter((line) => /^__Secure-nutricarte\.session_token=/.test(line));
    expect(session, up.setCookie.join('\n')).toHaveLength(1);
    for (const line of up.setCookie) {
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
      expect(line).toMatch(/;\s*Secure/i);
    }
    expect(up.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    // The session works (a browser sends the Secure cookie back over https).
    const me = await secure('GET', '/api/me', { cookie: cookieFrom(up.setCookie) });
    expect(me.status).toBe(200);
  });

  it('a mutating request without the app Origin is refused 403 and changes nothing', async () => {
    const owner = await signUp(a);
    const recipe = await a('POST', '/api/recipes', {
      cookie: owner.cookie,
      body: {
        name: 'Soupe',
        servings: 2,
        ingredients: [{ code: '20276', quantity: 100, unit: 'g' }],
        allergens: [],
        dietaryInfo: [],
      },
    });
    expect(recipe.status).toBe(201);
    const before = await countOwnedRows(database!.db);
    // Another port of this machine (a development server accepts only its own port and PUBLIC_ORIGIN's).
    const foreignOrigins: (string | null)[] = [
      null,
      'http://evil.example',
      'null',
      'http://127.0.0.1:1',
      `${origin}.evil.example`,
      origin.replace('http:', 'https:'),
    ];
    const requests: [string, string, unknown][] = [
      [
        'POST',
        '/api/recipes',
        {
          name: 'Volée',
          servings: 1,
          ingredients: [{ code: '20276', quantity: 1, unit: 'g' }],
          allergens: [],
          dietaryInfo: [],
        },
      ],
      [
        'PUT',
        `/api/recipes/${recipe.body.id}`,
        {
          name: 'Volée',
          servings: 1,
          ingredients: [{ code: '20276', quantity: 1, unit: 'g' }],
          allergens: [],
          dietaryInfo: [],
        },
      ],
      ['DELETE', `/api/recipes/${recipe.body.id}`, undefined],
      ['POST', '/api/menus', { name: 'Volé' }],
      ['POST', '/api/billing/checkout', { tier: 'premium', billingType: 'monthly' }],
      ['POST', '/api/auth/sign-out', {}],
      ['POST', '/api/auth/sign-in/email', { email: owner.email, password: PASSWORD }],
      ['POST', '/api/auth/sign-up/email', { email: uniqueEmail('csrf'), password: PASSWORD }],
    ];
    let refused = 0;
    for (const foreign of foreignOrigins) {
      for (const [method, path, body] of requests) {
        const api = refused % 2 ? b : a;
        const res = await api(method, path, {
          cookie: owner.cookie,
          origin: foreign,
          ...(body !== undefined ? { body } : {}),
        });
        expect(res.status, `${method} ${path} with Origin ${JSON.stringify(foreign)}: ${res.text}`).toBe(403);
        expectError(res, 403, 'forbidden');
        expect(res.setCookie).toEqual([]);
        refused += 1;
      }
    }
    expect(await countOwnedRows(database!.db)).toEqual(before);
    // Reads need no Origin, and the session survived the refused sign-outs.
    expect((await b('GET', `/api/recipes/${recipe.body.id}`, { cookie: owner.cookie, origin: null })).status).toBe(200);
  });

  it('sign-out on process A ends the session on process B immediately', async () => {
    const user = await signUp(b);
    expect((await a('GET', '/api/me', { cookie: user.cookie })).status).toBe(200);
    expect((await b('GET', '/api/me', { cookie: user.cookie })).status).toBe(200);
    const out = await a('POST', '/api/auth/sign-out', { cookie: user.cookie, body: {} });
    expect(out.status).toBe(200);
    expect(out.setCookie.some((line) => /^nutricarte\.session_token=;/.test(line) || /Max-Age=0/i.test(line))).toBe(
      true,
    );
    expectError(await b('GET', '/api/me', { cookie: user.cookie }), 401, 'unauthenticated');
    expectError(await b('GET', '/api/recipes', { cookie: user.cookie }), 401, 'unauthenticated');
    const session = await b('GET', '/api/auth/get-session', { cookie: user.cookie });
    expect(session.status).toBe(200);
    expect(session.body ?? null).toBeNull();
    const rows = await database!.db.selectFrom('sessions').select('id').where('user_id', '=', user.userId).execute();
    expect(rows).toEqual([]);
  });

  it('a body over 1 MB is refused 413 on the wire, with and without Content-Length, and the connection closed', async () => {
    const body = Buffer.from(JSON.stringify({ path: `/${'x'.repeat(1024 * 1024)}` }));
    const url = `${servers[0]!.url}/api/tracking/page-views`;
    const withLength = await rawPost(
      url,
      { origin, 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    );
    expect(withLength.status, withLength.text).toBe(413);
    expect(JSON.parse(withLength.text).error.code).toBe('payload_too_large');
    // The rest of the body is not read: the connection is closed (docs/decisions/0011).
    expect(withLength.connection).toBe('close');
    // Chunked: no Content-Length, the limit is counted while reading.
    const chunked = await rawPost(
      url,
      { origin, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body,
    );
    expect(chunked.status, chunked.text).toBe(413);
    expect(JSON.parse(chunked.text).error.code).toBe('payload_too_large');
    expect(chunked.connection).toBe('close');
  });
});
