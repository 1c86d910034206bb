import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { strongEtag } from './http-cache.ts';
import { PageMemo, acceptsGzip } from './page-memo.ts';

describe('PageMemo', () => {
  it('renders again as soon as the fetched values differ, and only then', async () => {
    const memo = new PageMemo();
    let renders = 0;
    const render = (text: string) => () => (renders++, `<p>${text}</p>`);
    const first = memo.page('menu', 'v1', render('un'));
    expect(memo.page('menu', 'v1', render('ignored'))).toBe(first);
    expect(renders).toBe(1);
    const second = memo.page('menu', 'v2', render('deux'));
    expect(renders).toBe(2);
    expect(Buffer.from(second.bytes).toString()).toBe('<p>deux</p>');
    expect(second.etag).toBe(strongEtag('<p>deux</p>'));
    expect(second.etag).not.toBe(first.etag);
    expect(memo.page('menu', 'v1', render('un'))).not.toBe(first); // back to v1: rendered again, never mixed up
    expect(gunzipSync(await second.gzipped()).toString()).toBe('<p>deux</p>');
    expect(await second.gzipped()).toBe(await second.gzipped());
  });

  it('keeps within its byte budget, least recently used first, and keeps nothing with a budget of 0', () => {
    const memo = new PageMemo(10_000);
    const page = () => 'x'.repeat(3000);
    memo.page('a', '1', page);
    memo.page('b', '1', page);
    memo.page('a', '1', page); // a is now the most recent
    memo.page('c', '1', page);
    expect(memo.size).toBe(2);
    let renders = 0;
    memo.page('a', '1', () => (renders++, page()));
    expect(renders).toBe(0);
    memo.page('b', '1', () => (renders++, page()));
    expect(renders).toBe(1);

    const none = new PageMemo(0);
    none.page('a', '1', page);
    expect(none.size).toBe(0);
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding with its q-values', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('deflate, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
