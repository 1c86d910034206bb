import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messages = (writes: string[]) =>
  writes.map((chunk) => chunk.split('\n').map((line) => JSON.parse(line).msg as string));

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

  it('in batch mode, writes the info lines of batchMs together, in their order, in one write', async () => {
    const writes: string[] = [];
    const logger = createLogger('info', (line) => writes.push(line), { batch: true, batchMs: 30 });
    logger.info('request', { path: '/a' });
    await nextTurn();
    logger.info('request', { path: '/b' });
    await nextTurn();
    expect(writes).toEqual([]);
    await sleep(60);
    expect(messages(writes)).toEqual([['request', 'request']]);
    expect(writes[0]!.split('\n').map((line) => JSON.parse(line).path)).toEqual(['/a', '/b']);
    logger.info('later');
    await sleep(60);
    expect(messages(writes)).toEqual([['request', 'request'], ['later']]);
  });

  it('in batch mode, writes at once when 1,000 lines wait, without waiting for the timer', () => {
    const writes: string[] = [];
    const logger = createLogger('info', (line) => writes.push(line), { batch: true, batchMs: 60_000 });
    for (let i = 0; i < 2_500; i++) logger.info('request', { i });
    expect(writes.map((chunk) => chunk.split('\n').length)).toEqual([1_000, 1_000]);
    logger.warn('now');
    expect(writes.map((chunk) => chunk.split('\n').length)).toEqual([1_000, 1_000, 500, 1]);
  });

  it('in batch mode, writes a warning or an error at once, after the lines waiting', async () => {
    const writes: string[] = [];
    const logger = createLogger('info', (line) => writes.push(line), { batch: true });
    logger.info('first');
    logger.error('failed', { err: new Error('boom') });
    expect(messages(writes)).toEqual([['first'], ['failed']]);
    expect(JSON.parse(writes[1]!).err.message).toBe('boom');
    await sleep(80);
    expect(writes).toHaveLength(2);
  });
});
