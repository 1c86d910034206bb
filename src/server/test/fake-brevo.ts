import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BrevoCall {
  method: string;
  path: string;
  apiKey: string | undefined;
  // A test double: the JSON Brevo would receive, read freely by the assertions.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, any>;
}

/** A local stand-in for Brevo's /contacts and /events (BREVO_API_URL points at it). */
export async function startFakeBrevo() {
  const calls: BrevoCall[] = [];
  let failing = false;
  let delayMs = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const reply = () => {
        if (failing) {
          res.writeHead(500, { 'content-type': 'application/json' });
          return res.end('{"message":"Internal error"}');
        }
        calls.push({
          method: req.method ?? '',
          path: req.url ?? '',
          apiKey: req.headers['api-key'] as string | undefined,
          body: raw ? JSON.parse(raw) : {},
        });
        res.writeHead(req.url === '/contacts' ? 201 : 204, { 'content-type': 'application/json' });
        res.end(req.url === '/contacts' ? '{"id":1}' : '');
      };
      if (delayMs) setTimeout(reply, delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    setFailing: (value: boolean) => (failing = value),
    setDelay: (ms: number) => (delayMs = ms),
    events: (name?: string) => calls.filter((c) => c.path === '/events' && (!name || c.body.event_name === name)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
