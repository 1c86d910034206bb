import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { projectRoot } from '../lib/paths.ts';
import { prepareTestDatabase } from './prepare.ts';
import './provided.ts';

/**
 * api-pglite global setup: builds ONE migrated, catalogue-loaded PGlite data folder and
 * hands its tarball to every test file, which starts from it in well under a second instead
 * of ~4 s. The tarball is cached in node_modules/.cache, keyed by the content of what shapes
 * it: prepare.ts and every source file it imports (followed through relative imports), the
 * Ciqual files and the PGlite version. TEST_SNAPSHOT_CACHE=0 rebuilds it anyway.
 */
const cacheDir = path.join(projectRoot, 'node_modules', '.cache', 'nutricarte-test');
const ENTRY_POINTS = ['src/server/test/prepare.ts', 'src/server/db/database.ts'];
const DATA_INPUTS = [
  'data/ciqual/ciqual.csv',
  'data/ciqual/ciqual_raw_flags.csv',
  'node_modules/@electric-sql/pglite/package.json',
];
const RELATIVE_IMPORT = /(?:from\s+|import\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** `entries` and every file they import through relative specifiers. */
async function sourceClosure(entries: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.join(projectRoot, entry));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(RELATIVE_IMPORT)) queue.push(path.resolve(path.dirname(file), match[1]!));
  }
  return [...seen];
}

async function snapshotKey(): Promise<string> {
  const hash = createHash('sha256');
  const files = [...(await sourceClosure(ENTRY_POINTS)), ...DATA_INPUTS.map((input) => path.join(projectRoot, input))];
  for (const file of files.sort()) {
    hash
      .update(path.relative(projectRoot, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Keeps the newest few snapshots; a recent one may still be read by a concurrent run. */
async function pruneCache(keep: string): Promise<void> {
  const entries = await Promise.all(
    (await readdir(cacheDir))
      .filter((name) => name.startsWith('pglite-') && name.endsWith('.tar'))
      .map(async (name) => ({
        file: path.join(cacheDir, name),
        mtime: (await stat(path.join(cacheDir, name))).mtimeMs,
      })),
  );
  entries.sort((a, b) => b.mtime - a.mtime);
  for (const [rank, entry] of entries.entries()) {
    if (entry.file !== keep && (rank >= 3 || Date.now() - entry.mtime > 10 * 60_000))
      await rm(entry.file, { force: true });
  }
}

async function buildSnapshot(file: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await prepareTestDatabase(database.db);
    // A clean checkpoint: each load then starts without replaying the load's WAL.
    await sql`CHECKPOINT`.execute(database.db);
    const tarball = await database.dumpDataDir!();
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const key = await snapshotKey();
  const file = path.join(cacheDir, `pglite-${key}.tar`);
  const cached = process.env.TEST_SNAPSHOT_CACHE !== '0' && (await stat(file).catch(() => null)) !== null;
  if (!cached) {
    await mkdir(cacheDir, { recursive: true });
    await buildSnapshot(file);
    await pruneCache(file);
  }
  project.provide('pgliteSnapshot', file);
}
