import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const messages = (writes: string[]) => writes.map((chunk) => chunk.split('\n').map((line) => JSON.parse(line).msg as string));

describe('createLogger', () => {
  it('writes each line at once by default', () => {
    const writes: string[] = [];
    const logger = createLogger('info', (line) => writes.push(line));
    logger.debug('hidden');
    logger.info('one', { n: 1 });
    logger.warn('two');
    expect(messages(writes)).toEqual([['one'], ['two']]);
    expect(JSON.parse(writes[0]!)).toMatchObject({ level: 'info', msg: 'one', n: 1 });
  });

  it('in batch mode, writes the info lines of a turn together once the turn is over', async () => {
    const writes: string[] = [];
    const logger = createLogger('info', (line) => writes.push(line), { batch: true });
    logger.info('request', { path: '/a' });
    logger.info('request', { path: '/b' });
    await Promise.resolve();
    expect(writes).toEqual([]);
    await nextTurn();
    expect(messages(writes)).toEqual([['request', 'request']]);
    expect(writes[0]!.split('\n').map((line) => JSON.parse(line).path)).toEqual(['/a', '/b']);
    logger.info('later');
    await nextTurn();
    expect(messages(writes)).toEqual([['request', 'request'], ['later']]);
  });

  it('in batch mode, writes a warning or an error at once, after the lines waiting', async () => {
    const writes: string[] = [];
    const logger = createLogger('info', (line) => writes.push(line), { batch: true });
    logger.info('first');
    logger.error('failed', { err: new Error('boom') });
    expect(messages(writes)).toEqual([['first'], ['failed']]);
    expect(JSON.parse(writes[1]!).err.message).toBe('boom');
    await nextTurn();
    expect(writes).toHaveLength(2);
  });
});
