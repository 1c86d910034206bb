import type { TestApp } from './harness.ts';

export interface RawResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** The body parsed as JSON, or null. */
  json: { error?: { code: string; message: string; fields?: Record<string, string> } } & Record<string, unknown>;
}

/** PUT of raw bytes (an image upload), as a browser sends a File: the app's Origin, the session. */
export async function putBytes(
  t: TestApp,
  path: string,
  bytes: Uint8Array,
  cookie: string | undefined,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  // An empty value leaves the header out (an upload without Content-Type).
  const sent = Object.entries({
    origin: t.deps.config.publicOrigin,
    'content-type': 'image/jpeg',
    ...(cookie ? { cookie } : {}),
    ...headers,
  }).filter(([, value]) => value !== '');
  const res = await t.app.request(path, {
    method: 'PUT',
    headers: sent,
    body: new Uint8Array(bytes),
  });
  return read(res);
}

/** GET without a session (a diner's phone). */
export async function getRaw(t: TestApp, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return read(await t.app.request(path, { headers }));
}

async function read(res: Response): Promise<RawResponse> {
  const body = new Uint8Array(await res.arrayBuffer());
  let json = null;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    // not JSON (an image, a text page)
  }
  return { status: res.status, headers: res.headers, body, json };
}
