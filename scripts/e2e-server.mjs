// The e2e web server (playwright.config.ts): the built server, its output passed through to
// Playwright and copied, line by line, to E2E_SERVER_LOG, which e2e/global-teardown.ts reads
// at the end of the run: a 5xx or an error the server logged fails it
// (docs/decisions/0014-tests-that-never-cry-wolf.md).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import readline from 'node:readline';
import { root } from './lib.mjs';

const logFile = process.env.E2E_SERVER_LOG;
if (!logFile) {
  console.error('e2e-server: E2E_SERVER_LOG must name the file that receives the server output');
  process.exit(2);
}
const log = createWriteStream(logFile, { flags: 'a' });
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/server/main.js'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});

// Whole lines only: the two streams never mix inside a line of the copy.
for (const [from, to, stream] of [
  [server.stdout, process.stdout, 'stdout'],
  [server.stderr, process.stderr, 'stderr'],
]) {
  readline.createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    to.write(`${line}\n`);
    log.write(stream === 'stderr' ? `[stderr] ${line}\n` : `${line}\n`);
  });
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
// 'close': after the last line of both streams.
server.on('close', (code, signal) => log.end(() => process.exit(code ?? (signal ? 1 : 0))));
