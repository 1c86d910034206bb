import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * A full garbage collection in a server started with `--inspect=127.0.0.1:PORT`, through the
 * DevTools protocol, then its JS heap usage. RSS read right after it is comparable between two
 * moments (without it, RSS depends on when V8 last collected). The DevTools client runs in a
 * small Node process of its own: Node 20 has WebSocket only behind a flag.
 */
const CLIENT = `
const [{ webSocketDebuggerUrl }] = await (await fetch('http://127.0.0.1:' + process.argv[1] + '/json/list')).json();
const ws = new WebSocket(webSocketDebuggerUrl);
const waiting = new Map();
let id = 0;
ws.onmessage = (event) => { const m = JSON.parse(event.data); waiting.get(m.id)?.(m); waiting.delete(m.id); };
await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
const call = (method) => new Promise((resolve) => { id += 1; waiting.set(id, resolve); ws.send(JSON.stringify({ id, method })); });
await call('HeapProfiler.collectGarbage');
await call('HeapProfiler.collectGarbage');
const { result } = await call('Runtime.getHeapUsage');
process.stdout.write(JSON.stringify(result));
ws.close();
`;

export async function collectGarbage(inspectPort: number): Promise<{ usedSize: number; totalSize: number }> {
  const flags =
    typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'function' ? [] : ['--experimental-websocket'];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...flags, '--input-type=module', '-e', CLIENT, String(inspectPort)],
    { timeout: 30_000 },
  );
  return JSON.parse(stdout) as { usedSize: number; totalSize: number };
}
