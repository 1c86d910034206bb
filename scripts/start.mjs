// `npm start`: builds when needed (dist missing or inputs changed), then runs the built
// server in the foreground. SIGINT/SIGTERM are forwarded to it and its exit status
// becomes ours, so a process manager sees the server itself.
import { ensureBuilt, serverEntry } from './build.mjs';
import { exitStatus, loadDotEnv, run } from './lib.mjs';

if (loadDotEnv()) console.log('start: .env loaded');

try {
  await ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const result = await run(process.execPath, ['--enable-source-maps', serverEntry, ...process.argv.slice(2)], {
  exitWithChild: true,
});
process.exit(exitStatus(result));
