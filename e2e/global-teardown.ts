import { describeProblems, readServerLog } from './server-log.ts';

/**
 * After the last test, while the server still runs: a 5xx, an error it logged or anything on
 * its stderr fails the run, with the tests they came from
 * (docs/decisions/0015-tests-that-never-cry-wolf.md). The server's output is in
 * E2E_DATA_DIR/server.log (scripts/e2e-server.mjs).
 */
export default function globalTeardown() {
  const { problems, titles } = readServerLog(process.env.E2E_DATA_DIR!);
  if (problems.length) {
    throw new Error(
      `The e2e server answered 5xx or logged an error (${problems.length} line(s)):\n${describeProblems(problems, titles)}`,
    );
  }
}
