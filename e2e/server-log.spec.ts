import { describeProblems, serverProblems } from './server-log.ts';
import { expect, test } from './test.ts';

/** What e2e/global-teardown.ts fails the run on, and what it lets pass. */
test('the server log check: 5xx answers, logged errors and stderr fail the run; 4xx, warnings and Node warnings do not', () => {
  const line = (entry: Record<string, unknown>) => JSON.stringify({ time: '2026-11-24T06:00:00.000Z', ...entry });
  const log = [
    line({ level: 'info', msg: 'NutriCarte listening' }),
    line({ level: 'warn', msg: 'auth: Invalid password' }),
    line({ level: 'info', msg: 'request', requestId: 'e2e-a', method: 'GET', path: '/api/me', status: 401 }),
    line({ level: 'warn', msg: 'request', requestId: 'e2e-a', method: 'POST', path: '/api/menus', status: 500 }),
    line({ level: 'error', msg: 'unhandled error', requestId: 'e2e-a', path: '/api/menus', err: { message: 'boom' } }),
    line({ level: 'warn', msg: 'request', requestId: 'e2e-b', method: 'GET', path: '/api/health', status: 503 }),
    line({ level: 'error', msg: 'auth: a background task failed' }),
    '[stderr] (node:4242) ExperimentalWarning: something experimental',
    '[stderr] TypeError: Cannot read properties of undefined',
    '',
  ].join('\n');
  const problems = serverProblems(log);
  expect(problems.map((p) => [p.requestId, JSON.parse(p.line.startsWith('[') ? '{}' : p.line).msg ?? p.line])).toEqual([
    ['e2e-a', 'request'],
    ['e2e-a', 'unhandled error'],
    ['e2e-b', 'request'],
    [null, 'auth: a background task failed'],
    [null, '[stderr] TypeError: Cannot read properties of undefined'],
  ]);
  const text = describeProblems(problems, new Map([['e2e-a', 'menus.spec.ts › create a menu']]));
  expect(text).toContain('menus.spec.ts › create a menu:\n  {');
  expect(text).toContain('request e2e-b (no test sent it):');
  expect(text).toContain('outside any request:\n  {"time"');
  expect(
    serverProblems(
      [line({ level: 'info', msg: 'request', status: 200 }), line({ level: 'warn', msg: 'request', status: 404 })].join(
        '\n',
      ),
    ),
  ).toEqual([]);
});
