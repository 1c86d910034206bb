import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API projects run their files one after another in a worker that keeps its modules
 * (`isolate: false`, vitest.config.ts; docs/decisions/0029-tests-share-a-worker.md). A file
 * that mocks a module, stubs a global or the environment, or fakes the clock would then leak
 * into the files after it. None does; this keeps it so.
 */

/** What a shared worker cannot undo by itself, each with why (one line at a time). */
const FORBIDDEN: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\bvi\s*\.\s*(?:mock|doMock)\s*\(/, why: 'a module mock stays in the worker’s module registry' },
  { pattern: /\bvi\s*\.\s*(?:stubGlobal|stubEnv)\s*\(/, why: 'a stubbed global or variable stays for the next file' },
  { pattern: /\bvi\s*\.\s*spyOn\s*\(/, why: 'a spy stays on its object until restored' },
  { pattern: /\bvi\s*\.\s*(?:useFakeTimers|setSystemTime)\s*\(/, why: 'a faked clock stays for the next file' },
  {
    pattern: /\bprocess\.env(?:\.\w+|\[[^\]]+\])?\s*(?:\?\?|\|\||&&)?=(?!=)/,
    why: 'an environment variable set stays for the next file',
  },
  {
    pattern: /\bObject\.(?:assign|defineProperty)\s*\(\s*(?:process\.env|globalThis|global)\b/,
    why: 'a global or variable set stays for the next file',
  },
  { pattern: /\bdelete\s+(?:process\.env|globalThis|global)\b/, why: 'a global or variable removed stays removed' },
  {
    pattern: /\b(?:globalThis|global)(?:\.\w+|\[[^\]]+\])\s*(?:\?\?|\|\||&&)?=(?!=)/,
    why: 'a global set stays for the next file',
  },
];

/** @hono/node-server replaces the process's Request and Response unless told not to. */
const SERVES = /\b(?:serve|getRequestListener)\s*\(/;
const KEEPS_GLOBALS = /overrideGlobalObjects\s*:\s*false/;

/** Each forbidden use in `source`, as « line N: why ». */
export function sharedWorkerLeaks(source: string): string[] {
  const found: string[] = [];
  const keepsGlobals = KEEPS_GLOBALS.test(source);
  source.split('\n').forEach((line, index) => {
    for (const { pattern, why } of FORBIDDEN) if (pattern.test(line)) found.push(`line ${index + 1}: ${why}`);
    if (SERVES.test(line) && !keepsGlobals)
      found.push(
        `line ${index + 1}: @hono/node-server replaces the global Request and Response (pass overrideGlobalObjects: false)`,
      );
  });
  return found;
}

/** The integration tests, and the helpers in src/server/test that run in the same worker (not this file). */
function sharedWorkerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sharedWorkerFiles(full);
    if (entry.name.endsWith('.int.test.ts')) return [full];
    const helper =
      path.basename(dir) === 'test' &&
      entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.test.ts') &&
      !entry.name.includes('global-setup');
    return helper ? [full] : [];
  });
}

const serverDir = path.resolve(import.meta.dirname, '..');

describe('API test files can share a worker', () => {
  it('finds each kind of leak (the check can fail)', () => {
    expect(sharedWorkerLeaks("vi.mock('../mail/mailer.ts');")).toHaveLength(1);
    expect(sharedWorkerLeaks("vi.stubEnv('APP_ENV', 'production')")).toHaveLength(1);
    expect(sharedWorkerLeaks('vi.useFakeTimers();')).toHaveLength(1);
    expect(sharedWorkerLeaks("process.env.DATA_DIR = '/tmp/x';")).toHaveLength(1);
    expect(sharedWorkerLeaks("process.env['STRIPE_SECRET_KEY'] = 'sk';")).toHaveLength(1);
    expect(sharedWorkerLeaks('delete process.env.DATABASE_URL;')).toHaveLength(1);
    expect(sharedWorkerLeaks('globalThis.fetch = fake;')).toHaveLength(1);
    expect(sharedWorkerLeaks("globalThis['fetch'] = fake;")).toHaveLength(1);
    expect(sharedWorkerLeaks('process.env.APP_ENV ??= "test";')).toHaveLength(1);
    expect(sharedWorkerLeaks('Object.assign(process.env, { APP_ENV: "test" });')).toHaveLength(1);
    expect(sharedWorkerLeaks("vi.spyOn(console, 'warn');")).toHaveLength(1);
    expect(sharedWorkerLeaks('vi.setSystemTime(new Date());')).toHaveLength(1);
    expect(sharedWorkerLeaks('const server = serve({ fetch: app.fetch, port: 0 });')).toHaveLength(1);
    // Reading is fine, and so is a server that keeps the process's Request and Response.
    expect(sharedWorkerLeaks("if (process.env.TEST_DB === 'postgres') {}\nconst f = globalThis.fetch;")).toEqual([]);
    expect(
      sharedWorkerLeaks('const server = serve({\n  fetch: app.fetch,\n  overrideGlobalObjects: false,\n});'),
    ).toEqual([]);
  });

  it('no integration test mocks, stubs or fakes what the next file would see', () => {
    const files = sharedWorkerFiles(serverDir);
    expect(files.length).toBeGreaterThan(50);
    const leaks = files.flatMap((file) =>
      sharedWorkerLeaks(readFileSync(file, 'utf8')).map((leak) => `${path.relative(serverDir, file)} ${leak}`),
    );
    expect(leaks).toEqual([]);
  });
});
