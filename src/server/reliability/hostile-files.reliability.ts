/**
 * Hostile files against a built server (src/server/lib/table-file-reader.ts, read in a worker
 * thread; docs/decisions/0034 « Imports »): four organisations each send a hostile file to
 * `/api/files/products/preview` three times in a row — the outside attack's 1,000,000
 * one-cell rows and its 100 MB cell, a zip bomb lying about its sizes, a CSV of 1,000,000
 * rows — while `/api/health` is asked every 10 ms. Every file answers 422 with its French
 * message, health stays under 50 ms p99, and the process's memory stays bounded.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../test/provided.ts';
import { bombXlsx, hugeCellXlsx, millionRowsCsv, millionRowsXlsx } from '../test/hostile-tables.ts';
import { client, signUp, type Client } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { mb, report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

let scratch: ScratchDatabase | undefined;
let server: ServerProcess | undefined;
let api: Client;

beforeAll(async () => {
  scratch = await createScratchDatabase(inject('postgresAdminUrl'), {
    template: inject('postgresTemplate'),
    prefix: inject('postgresDbPrefix'),
  });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const secret = newAuthSecret();
  server = await startServer({
    label: 'files',
    port,
    env: () => ({ DATABASE_URL: scratch!.url, BETTER_AUTH_SECRET: secret, PUBLIC_ORIGIN: origin }),
  });
  api = client(server.url, origin);
});

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `/api/health` asked every 10 ms from a thread of its own, so this file's own work (sending
 * the files) never delays a probe: the times are the server's.
 */
function healthProbe(url: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let running = true;
    parentPort.on('message', () => (running = false));
    (async () => {
      const times = [];
      while (running) {
        const started = performance.now();
        const res = await fetch(workerData + '/api/health');
        await res.arrayBuffer();
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      parentPort.postMessage(times);
    })();`,
    { eval: true, workerData: url },
  );
  const times = new Promise<number[]>((resolve) => worker.once('message', resolve));
  return {
    async stopAfter(ms: number): Promise<number[]> {
      await new Promise((resolve) => setTimeout(resolve, ms));
      worker.postMessage('stop');
      const result = await times;
      await worker.terminate();
      return result;
    },
  };
}

describe('hostile spreadsheets read off the event loop', () => {
  it('four hostile files, three times each: 422 in French, /api/health under 50 ms p99, memory bounded', async (context) => {
    const files = [
      { label: '1 000 000 lignes XLSX', bytes: await millionRowsXlsx(), type: XLSX, message: /^Au plus 10/ },
      { label: 'cellule de 100 Mo', bytes: await hugeCellXlsx(100), type: XLSX, message: /^Une cellule dépasse/ },
      { label: 'bombe zip', bytes: await bombXlsx(), type: XLSX, message: /^Fichier trop volumineux/ },
      { label: '1 000 000 lignes CSV', bytes: millionRowsCsv(), type: 'text/csv', message: /^Au plus 10/ },
    ];
    const owners = await Promise.all(files.map(() => signUp(api)));
    const rssBefore = server!.rssBytes();
    let rssPeak = rssBefore;
    const rss = setInterval(() => (rssPeak = Math.max(rssPeak, server!.rssBytes())), 20);
    const p99 = (times: number[]) => [...times].sort((x, y) => x - y)[Math.floor(times.length * 0.99)]!;
    // The same probe with no file read: what this (shared) machine gives anyway.
    const quiet = await healthProbe(server!.url).stopAfter(2_000);
    const probe = healthProbe(server!.url);
    const started = performance.now();
    const answers = await Promise.all(
      files.map(async (file, i) => {
        const statuses = [];
        for (let round = 0; round < 3; round++) {
          const res = await api('POST', '/api/files/products/preview', {
            cookie: owners[i]!.cookie,
            body: file.bytes,
            headers: { 'content-type': file.type },
            timeoutMs: 60_000,
          });
          expect(res.body.error.message, file.label).toMatch(file.message);
          expect(res.text.length).toBeLessThan(1_000);
          statuses.push(res.status);
        }
        return statuses;
      }),
    );
    const elapsed = performance.now() - started;
    const health = await probe.stopAfter(0);
    clearInterval(rss);
    expect(answers.flat()).toEqual(Array(12).fill(422));
    report(
      context,
      `12 hostile files in ${(elapsed / 1000).toFixed(1)} s; health p99 ${p99(health).toFixed(1)} ms over ${health.length} (quiet: ${p99(quiet).toFixed(1)} ms); RSS ${mb(rssBefore)} → peak ${mb(rssPeak)}`,
    );
    expect(health.length).toBeGreaterThan(20);
    // 50 ms above what the machine gives with no file read (the attack's health checks waited 21 s).
    expect(p99(health)).toBeLessThan(50 + p99(quiet));
    // Two files read at once, each thread's heap capped at 256 MB: far from the 1.43 GB of one file read whole.
    expect(rssPeak - rssBefore).toBeLessThan(600 * 1024 * 1024);
  });
});
