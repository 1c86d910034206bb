import { describe, expect, it } from 'vitest';
import { jsonStream, StreamedArray, StreamedObject } from './json-stream.ts';

async function* from<T>(values: T[]) {
  for (const value of values) yield value;
}
const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe('jsonStream', () => {
  it('writes the text JSON.stringify(value, null, 2) writes, whatever is streamed', async () => {
    const plain = {
      format: 'export',
      user: { id: 'u1', name: 'Léa «\n» ’', createdAt: null },
      empty: [],
      nothing: {},
      organisations: [
        {
          id: 'o1',
          codes: [
            { id: 'q1', scans: ['2026-01-01', '2026-01-02', '2026-01-03'] },
            { id: 'q2', scans: [] },
          ],
          plans: [1, 2],
        },
        { id: 'o2', codes: [], plans: [] },
      ],
    };
    const code = (c: { id: string; scans: string[] }) =>
      new StreamedObject(() =>
        from<[string, unknown]>([
          ['id', c.id],
          ['scans', new StreamedArray(() => from([c.scans.slice(0, 2), [], c.scans.slice(2)]))],
        ]),
      );
    const organisation = (o: (typeof plain.organisations)[number]) =>
      new StreamedObject(() =>
        from<[string, unknown]>([
          ['id', o.id],
          ['skipped', undefined],
          ['codes', new StreamedArray(() => from([o.codes.map(code)]))],
          ['plans', o.plans],
        ]),
      );
    const streamed = new StreamedObject(() =>
      from<[string, unknown]>([
        ['format', plain.format],
        ['user', plain.user],
        ['empty', new StreamedArray(() => from([]))],
        ['nothing', new StreamedObject(() => from([]))],
        [
          'organisations',
          new StreamedArray(() =>
            from([[organisation(plain.organisations[0]!)], [organisation(plain.organisations[1]!)]]),
          ),
        ],
      ]),
    );
    expect(await text(jsonStream(streamed))).toBe(JSON.stringify(plain, null, 2));
  });

  it('sends a long array in chunks, and a cancel ends the generator (its finally runs)', async () => {
    let released = false;
    const rows = new StreamedArray(async function* () {
      try {
        for (let page = 0; page < 100; page++)
          yield Array.from({ length: 1000 }, (_, i) => `2026-01-01T00:00:${page}.${i}Z`);
      } finally {
        released = true;
      }
    });
    const reader = jsonStream(rows).getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeGreaterThan(0);
    expect(first.value!.byteLength).toBeLessThan(200_000);
    await reader.cancel();
    expect(released).toBe(true);
  });
});
