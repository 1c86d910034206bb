import { afterAll, afterEach } from 'vitest';
import { takeServerErrors } from './server-errors.ts';

/**
 * Setup file of the API projects (vitest.config.ts): a test whose server answered 5xx, or
 * logged an error, fails with what happened, even when its own assertions passed
 * (docs/decisions/0015-tests-that-never-cry-wolf.md). Errors of `beforeAll` hooks fail the next
 * test; those of `afterAll` hooks fail the file.
 */
function failOnServerErrors() {
  const errors = takeServerErrors();
  if (errors.length)
    throw new Error(
      `The server answered 5xx or logged an error (pass allowServerError when the test means it):\n${errors.join('\n')}`,
    );
}

afterEach(failOnServerErrors);
afterAll(failOnServerErrors);
