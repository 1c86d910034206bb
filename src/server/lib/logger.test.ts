import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('createLogger', () => {
  it('writes one JSON line per entry with its level name, time, message and fields', () => {
    const writes: string[] = [];
    const logger = createLogger('info', (line) => writes.push(line));
    logger.debug('hidden');
    logger.info('one', { n: 1, requestId: 'r1' });
    logger.warn('two');
    expect(writes.map((line) => JSON.parse(line).msg)).toEqual(['one', 'two']);
    const first = JSON.parse(writes[0]!);
    expect(first).toMatchObject({ level: 'info', msg: 'one', n: 1, requestId: 'r1' });
    expect(new Date(first.time).toISOString()).toBe(first.time);
    expect(writes.every((line) => !line.includes('\n'))).toBe(true);
  });

  it('serializes an error with its message and stack', () => {
    const writes: string[] = [];
    createLogger('info', (line) => writes.push(line)).error('failed', { err: new Error('boom') });
    const entry = JSON.parse(writes[0]!);
    expect(entry).toMatchObject({ level: 'error', msg: 'failed', err: { message: 'boom' } });
    expect(entry.err.stack).toContain('boom');
  });

  it('writes nothing at the silent level, and only warnings and errors at warn', () => {
    const writes: string[] = [];
    createLogger('silent', (line) => writes.push(line)).error('nothing');
    const warnOnly = createLogger('warn', (line) => writes.push(line));
    warnOnly.info('request');
    warnOnly.warn('slow');
    expect(writes.map((line) => JSON.parse(line).msg)).toEqual(['slow']);
  });
});
