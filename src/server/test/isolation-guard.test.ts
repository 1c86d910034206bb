import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API projects run their files one after another in a worker that keeps its modules
 * (`isolate: false`, vitest.config.ts; docs/decisions/0029-tests-share-a-worker.md). A file
 * that mocks a module, stubs a global or the environment, or fakes the clock would then leak
 * into the files after it. None does; this keeps it so.
 */

/** What a shared worker cannot undo by itself, each with why. */
const FORBIDDEN: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\bvi\s*\.\s*(?:mock|doMock|hoisted)\s*\(/, why: 'a module mock stays in the worker’s module registry' },
  { pattern: /\bvi\s*\.\s*(?:stubGlobal|stubEnv)\s*\(/, why: 'a stubbed global or variable stays for the next file' },
  { pattern: /\bvi\s*\.\s*useFakeTimers\s*\(/, why: 'a faked clock stays for the next file' },
  { pattern: /\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)/, why: 'an environment variable set stays for the next file' },
  { pattern: /\bdelete\s+process\.env\b/, why: 'an environment variable removed stays removed' },
  { pattern: /\bglobalThis\.\w+\s*=(?!=)/, why: 'a global set stays for the next file' },
];

/** Each forbidden use in `source`, as « line N: why ». */
export function sharedWorkerLeaks(source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, index) => {
    for (const { pattern, why } of FORBIDDEN) if (pattern.test(line)) found.push(`line ${index + 1}: ${why}`);
  });
  return found;
}

function integrationTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return integrationTests(full);
    return entry.name.endsWith('.int.test.ts') ? [full] : [];
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
    // Reading is fine.
    expect(sharedWorkerLeaks("if (process.env.TEST_DB === 'postgres') {}\nconst f = globalThis.fetch;")).toEqual([]);
  });

  it('no integration test mocks, stubs or fakes what the next file would see', () => {
    const files = integrationTests(serverDir);
    expect(files.length).toBeGreaterThan(50);
    const leaks = files.flatMap((file) => sharedWorkerLeaks(readFileSync(file, 'utf8')).map((leak) => `${path.relative(serverDir, file)} ${leak}`));
    expect(leaks).toEqual([]);
  });
});
