import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../lib/paths.ts';

/**
 * The process tests run the built server: build it first when dist/ is missing or older
 * than its sources (`node scripts/build.mjs --if-needed` decides, from a hash of the inputs).
 */
export default async function setup(): Promise<void> {
  const started = performance.now();
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(projectRoot, 'scripts', 'build.mjs'), '--if-needed'],
      {
        cwd: projectRoot,
        maxBuffer: 16 << 20,
      },
    );
    const last = stdout.trim().split('\n').at(-1) ?? '';
    console.log(`reliability build: ${last} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run build failed, the process tests need dist/server:\n${stdout}\n${stderr}`, {
      cause: error,
    });
  }
}
