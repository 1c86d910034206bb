/** HTTP to a real server process, the way a browser of the app would send it. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: Json;
  setCookie: string[];
}

export interface HttpOptions {
  /** A plain value is sent as JSON; a string or bytes as they are (labelled JSON unless headers say otherwise). */
  body?: unknown;
  cookie?: string | undefined;
  /** The Origin header; `null` sends none. Defaults to the `origin` of the client. */
  origin?: string | null;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export async function http(
  baseUrl: string,
  method: string,
  path: string,
  options: HttpOptions = {},
  defaultOrigin?: string,
): Promise<HttpResponse> {
  const headers = new Headers(options.headers);
  const origin = options.origin === undefined ? defaultOrigin : options.origin;
  if (origin && !headers.has('origin')) headers.set('origin', origin);
  if (options.cookie) headers.set('cookie', options.cookie);
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.body !== undefined) {
    body =
      typeof options.body === 'string'
        ? options.body
        : options.body instanceof Uint8Array
          ? new Uint8Array(options.body)
          : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  let parsed: Json;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed, setCookie: res.headers.getSetCookie() };
}

/** The Cookie header a browser would send back after these Set-Cookie lines (cleared cookies left out). */
export function cookieFrom(setCookie: string[]): string {
  return setCookie
    .map((line) => line.split(';')[0]!.trim())
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** A client bound to one server and one Origin. */
export function client(baseUrl: string, origin: string) {
  return (method: string, path: string, options: HttpOptions = {}) => http(baseUrl, method, path, options, origin);
}

export type Client = ReturnType<typeof client>;

export const PASSWORD = 'motdepasse-fiable';

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs up (no SMTP_URL: the session starts at once) and returns the session cookie. */
export async function signUp(
  api: Client,
  email = uniqueEmail('chef'),
  password = PASSWORD,
): Promise<{ cookie: string; userId: string; email: string }> {
  const res = await api('POST', '/api/auth/sign-up/email', { body: { email, password, restaurantName: 'Le Relais' } });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return { cookie: cookieFrom(res.setCookie), userId: res.body.user.id, email };
}
