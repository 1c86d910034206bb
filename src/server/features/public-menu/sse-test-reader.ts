import type { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';

/** How long a test waits for an event before failing (a loaded 2-core machine is slow). */
const WAIT_MS = 15_000;

export interface EventReader {
  response: Response;
  /** The next event (its lines, comments left out), waiting at most 15 s. */
  next(): Promise<string>;
  /** Every event received so far. */
  received(): string[];
  close(): Promise<void>;
}

/**
 * Opens a Server-Sent Events stream of `app` (or of a server at a URL) and waits for its
 * « ready » comment: from then on, every committed change reaches it (src/server/features/public-menu/menu-live.ts).
 */
export async function readEvents(app: Pick<Hono<AppEnv>, 'request'> | string, path: string): Promise<EventReader> {
  const controller = new AbortController();
  const response =
    typeof app === 'string'
      ? await fetch(`${app}${path}`, { signal: controller.signal })
      : await app.request(path, { signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`events: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ready = false;
  const events: string[] = [];
  let taken = 0;

  async function pump(until: () => boolean): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!until()) {
      const timer = new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`no event within ${WAIT_MS} ms (got ${JSON.stringify(buffer)})`)),
          Math.max(0, deadline - Date.now()),
        ).unref(),
      );
      const { value, done } = await Promise.race([reader.read(), timer]);
      if (done) throw new Error('event stream ended');
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes(': ready')) ready = true;
        const lines = block.split('\n').filter((line) => line && !line.startsWith(':') && !line.startsWith('retry:'));
        if (lines.length) events.push(lines.join('\n'));
      }
    }
  }

  await pump(() => ready);
  return {
    response,
    async next() {
      await pump(() => events.length > taken);
      return events[taken++]!;
    },
    received: () => [...events],
    async close() {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
}
