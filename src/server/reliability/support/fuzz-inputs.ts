/**
 * What the hostile-input suite sends: payloads every text field must survive, fast-check
 * arbitraries of hostile JSON values, keys, raw bodies, bytes and content types, and the
 * requests built from a valid body by mutating one to three of its fields.
 */
import fc from 'fast-check';
import { preview } from './api-error.ts';
import { RECIPE_FILE_HEADERS } from '../../../shared/recipe-file.ts';

/**
 * Server bugs this suite found and that are not fixed yet: each has an `it.fails` test below
 * that reproduces it. While an entry is true, the payload sweep and the fuzzer leave that input
 * out (so they keep finding new problems); once the server is fixed, the `it.fails` test fails:
 * set the entry to false and the whole suite sends that input again.
 */
export const KNOWN_BUGS = {
  /** U+0000 in any stored text (names, descriptions) answers 500: PostgreSQL text cannot hold NUL (SQLSTATE 22021). */
  nulInText: false,
  /** A lone surrogate in a recipe or QR code name answers 500: enqueueEvent's JSON.stringify writes « \ud800 », which jsonb refuses. */
  loneSurrogateInEvents: false,
};

export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** The input without the characters of known bugs (␀ for NUL, U+FFFD for a lone surrogate). */
export const withoutKnownBugs = (text: string) => {
  let out = text;
  if (KNOWN_BUGS.nulInText) out = out.replaceAll('\u0000', '\u2400');
  if (KNOWN_BUGS.loneSurrogateInEvents) out = out.replace(LONE_SURROGATE, '\uFFFD');
  return out;
};

export const SEED = Number(process.env.RELIABILITY_SEED ?? 20_240_611);
export const RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 40);
export const ONE_MB = 1024 * 1024;
export const DEPTH = 10_000;

// ---------------------------------------------------------------------------------------------
// What is sent
// ---------------------------------------------------------------------------------------------

/** Strings every text field must survive (or refuse cleanly). */
export const PAYLOADS = [
  '<script>alert(1)</script>',
  "'; DROP TABLE recipes; --",
  "' OR '1'='1",
  '"><img src=x onerror=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '../../../../etc/passwd',
  '\u0000',
  'Tarte\u0000aux pommes',
  '\uD800',
  '\uDFFF',
  'a\uDBFFb',
  '\u202Egnp.exe\u202C',
  '\u200F\u200Eשלום',
  '👨‍👩‍👧‍👦🍕🇫🇷',
  'e\u0301\u0302\u0303\u0304\u0305',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uFEFF',
  '\u2028\u2029',
  '\r\n\t\b\f\v',
  ' ',
  '',
  'null',
  '__proto__',
  'NaN',
  '%00',
  '\\',
  // Digits that are not ASCII: a phone or postal code check that let them through would leave
  // them to the database's CHECK (a 500).
  '０１ ２３ ４５ ６７ ８９',
  '٠١٢٣٤٥٦٧٨٩',
  '7500\u0661',
];

/** ≥ 100 KB strings (still under the 1 MB body limit once encoded). */
export const HUGE_PAYLOADS = [
  'a'.repeat(100 * 1024),
  '<script>alert(1)</script>'.repeat(5_000),
  '😀'.repeat(40 * 1024),
  'e\u0301'.repeat(50 * 1024),
];

/** Raw JSON text put in place of these marker strings after JSON.stringify. */
export const RAW_JSON: Record<string, string> = {
  __DEEP_ARRAYS__: '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  __DEEP_OBJECTS__: '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH),
  __HUGE_NUMBER__: '1e999',
  __NEGATIVE_ZERO__: '-0',
  __LONG_INTEGER__: '9'.repeat(400),
};

export const serialize = (value: unknown): string => {
  let text = JSON.stringify(value) ?? 'null';
  for (const [marker, raw] of Object.entries(RAW_JSON)) text = text.split(`"${marker}"`).join(raw);
  return text;
};

/** Bytes a string takes inside a JSON string literal. */
export const encodedLength = (unit: string) => Buffer.byteLength(JSON.stringify(unit)) - 2;

/** ≥ 100 KB of one character (or short sequence), under the 1 MB limit once encoded. */
export const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '<script>', '\u0000', '😀', '\uD800', "'", 'e\u0301', '\u202E'),
    fc.integer({ min: 100 * 1024, max: 600 * 1024 }),
  )
  .map(([unit, bytes]) => unit.repeat(Math.ceil(bytes / encodedLength(unit))));

export const hostileString = fc
  .oneof(
    { weight: 4, arbitrary: fc.constantFrom(...PAYLOADS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...PAYLOADS), fc.string({ maxLength: 10 })).map(([a, b]) => `${b}${a}${b}`),
    },
    { weight: 1, arbitrary: hugeString },
  )
  .map(withoutKnownBugs);

export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'isAdmin',
    'role',
    'userId',
    'user_id',
    'id',
    '',
    '\u0000',
  ),
  fc.string({ maxLength: 8 }),
);

export const scalar = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MIN_VALUE) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom(...Object.keys(RAW_JSON)) },
);

/** A wrong value of any type, nested a little. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileKey, scalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.array(fc.array(scalar, { maxLength: 2 }), { maxLength: 2 }) },
);

export interface SentRequest {
  label: string;
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string | null;
}

export const describeRequest = (request: Omit<SentRequest, 'label'>, label: string): SentRequest => {
  const shown = typeof request.body === 'string' ? request.body : `bytes ${Buffer.from(request.body).toString('hex')}`;
  const sent = { ...request, label: `${label} [${request.contentType ?? 'no content-type'}] ${preview(shown, 200)}` };
  // fast-check prints this instead of a 600 KB string when it reports a counterexample.
  return Object.assign(sent, { [fc.toStringMethod]: () => sent.label });
};

export interface Mutation {
  op: 'replace' | 'delete' | 'add';
  path: string;
  key: string;
  value: unknown;
}

export function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A valid body with one to three fields replaced by hostile values, removed, or added. */
export function mutate(base: Record<string, unknown>, mutations: Mutation[]): unknown {
  const body = structuredClone(base);
  for (const m of mutations) {
    if (m.op === 'add') {
      setOwn(body, m.key, m.value);
      continue;
    }
    const parts = m.path.split('.');
    let parent: Record<string, unknown> = body;
    for (const part of parts.slice(0, -1)) {
      const next = parent[part];
      if (typeof next !== 'object' || next === null) break;
      parent = next as Record<string, unknown>;
    }
    const last = parts.at(-1)!;
    if (m.op === 'delete') delete parent[last];
    else setOwn(parent, last, m.value);
  }
  return body;
}

export const rawBodies = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"name":',
    '[',
    'null',
    'true',
    '0',
    '"texte"',
    '{"a":1}{"b":2}',
    '{"name":"x",}',
    "{'name':'x'}",
    '\uFEFF{}',
    'NaN',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}',
    '__DEEP_ARRAYS__',
    '__DEEP_OBJECTS__',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);
export const rawBytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  // {"name":"<invalid UTF-8>"}: lone continuation bytes, an overlong NUL, a UTF-8-encoded surrogate.
  fc
    .constantFrom([0xff, 0xfe], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0x80])
    .map((bad) => new Uint8Array([...Buffer.from('{"name":"'), ...bad, ...Buffer.from('"}')])),
);
export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  null,
);

export function requestsFor(fields: string[], base: () => Record<string, unknown>): fc.Arbitrary<SentRequest> {
  const mutation = fc.record({
    op: fc.constantFrom<Mutation['op']>('replace', 'replace', 'replace', 'delete', 'add'),
    path: fc.constantFrom(...fields),
    key: hostileKey,
    value: hostileValue,
  });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(mutation, { minLength: 1, maxLength: 3 })
        .map((ms) =>
          describeRequest({ body: serialize(mutate(base(), ms)), contentType: 'application/json' }, 'mutated'),
        ),
    },
    {
      weight: 2,
      arbitrary: hostileValue.map((value) =>
        describeRequest({ body: serialize(value), contentType: 'application/json' }, 'any JSON'),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(rawBodies, contentTypes)
        .map(([raw, contentType]) =>
          describeRequest({ body: Object.hasOwn(RAW_JSON, raw) ? RAW_JSON[raw]! : raw, contentType }, 'raw'),
        ),
    },
    {
      weight: 1,
      arbitrary: rawBytes.map((bytes) =>
        describeRequest({ body: new Uint8Array(bytes), contentType: 'application/json' }, 'bytes'),
      ),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Image bodies (PUT /api/recipes/:id/photo, PUT /api/items/:id/photo: hostile-images.reliability.ts)
// ---------------------------------------------------------------------------------------------

/** The first bytes of each accepted format, so random bytes also reach the decoders. */
export const IMAGE_SIGNATURES = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  webp: [...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
} as const;

export interface SentImage {
  label: string;
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string | null;
}

const sentImage = (label: string, bytes: Uint8Array, contentType: string | null): SentImage => {
  const sent = {
    label: `${label} [${contentType ?? 'no content-type'}] ${bytes.byteLength} bytes ${Buffer.from(bytes.subarray(0, 24)).toString('hex')}`,
    bytes: new Uint8Array(bytes),
    contentType,
  };
  return Object.assign(sent, { [fc.toStringMethod]: () => sent.label });
};

export const imageContentTypes = fc.constantFrom(
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/svg+xml',
  'application/octet-stream',
  'application/json',
  'text/plain',
  null,
);

/**
 * Random bytes as an image: pure noise; noise behind a real signature; a real image (from
 * `valid`, the test's own fixtures) truncated, with bytes flipped, or with garbage appended.
 * Whatever the label says, the server must answer < 500 and store nothing when it refuses.
 */
export function imagesFrom(valid: Uint8Array[]): fc.Arbitrary<SentImage> {
  const real = fc.constantFrom(...valid);
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 4096 }), imageContentTypes)
        .map(([bytes, type]) => sentImage('noise', bytes, type)),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...Object.values(IMAGE_SIGNATURES)),
          fc.uint8Array({ maxLength: 4096 }),
          imageContentTypes,
        )
        .map(([signature, noise, type]) =>
          sentImage('signature + noise', new Uint8Array([...signature, ...noise]), type),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(real, fc.double({ min: 0, max: 0.999, noNaN: true }), imageContentTypes)
        .map(([image, keep, type]) => sentImage('truncated', image.subarray(0, Math.floor(image.length * keep)), type)),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          real,
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 16 }),
          imageContentTypes,
        )
        .map(([image, flips, type]) => {
          const bytes = new Uint8Array(image);
          for (const [at, value] of flips) bytes[at % bytes.length] = value;
          return sentImage('bytes flipped', bytes, type);
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(real, fc.uint8Array({ minLength: 1, maxLength: 2048 }))
        .map(([image, tail]) => sentImage('garbage appended', new Uint8Array([...image, ...tail]), 'image/jpeg')),
    },
  );
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A recipes file's header row (src/shared/recipe-file.ts). */
export const RECIPE_FILE_HEADER = RECIPE_FILE_HEADERS.join(';');
const FILE_HEADER = 'Nom;Fournisseur;Énergie (kcal);Allergènes;Prix HT (€);Prix par;Viande;Labels';

/**
 * Hostile supplier files for the product import (src/server/features/products/files): random
 * bytes under either content type, a damaged workbook (the ZIP signature, then noise), and
 * CSVs whose cells are short hostile strings (any code unit), formulas, wrong quoting and ragged rows.
 * With RECIPE_FILE_HEADER, the same for the recipes import (src/server/features/recipes/files).
 */
export const hostileProductFile = (header = FILE_HEADER): fc.Arbitrary<SentRequest> =>
  fc.oneof(
    fc
      .tuple(fc.uint8Array({ maxLength: 4000 }), fc.constantFrom(XLSX_TYPE, 'text/csv', null))
      .map(([bytes, contentType]) => describeRequest({ body: new Uint8Array(bytes), contentType }, 'random bytes')),
    fc
      .uint8Array({ maxLength: 4000 })
      .map((bytes) =>
        describeRequest(
          { body: new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes]), contentType: XLSX_TYPE },
          'damaged xlsx',
        ),
      ),
    fc
      .array(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 40 }),
            fc.constantFrom('<script>alert(1)</script>', "'; DROP TABLE products; --", '\u0000'),
            fc.constantFrom(
              '=1+1',
              '"',
              '";"',
              '9,80',
              '-1',
              '1e309',
              'bovine',
              'Lait; Gluten',
              '',
              'Ciqual',
              'Sous-recette',
              'Mon produit',
              'portion',
              'unité',
              'Oeuf cru',
            ),
          ),
          { maxLength: 12 },
        ),
        { maxLength: 30 },
      )
      .map((rows) =>
        describeRequest(
          { body: `${header}\n${rows.map((cells) => cells.join(';')).join('\n')}\n`, contentType: 'text/csv' },
          'hostile csv',
        ),
      ),
  );

/**
 * Hostile .ics files for POST /api/meal-plans/:establishment/closed-days/ics: random bytes, and
 * calendars built from real and broken lines (dates out of range, folded lines, NUL, huge
 * spans, recurring events, summaries of markup and SQL).
 */
export const hostileIcsFile = (): fc.Arbitrary<SentRequest> =>
  fc.oneof(
    fc
      .tuple(fc.uint8Array({ maxLength: 4000 }), fc.constantFrom('text/calendar', 'application/octet-stream', null))
      .map(([bytes, contentType]) => describeRequest({ body: new Uint8Array(bytes), contentType }, 'random bytes')),
    fc
      .array(
        fc.oneof(
          fc.constantFrom(
            'BEGIN:VCALENDAR',
            'END:VCALENDAR',
            'BEGIN:VEVENT',
            'END:VEVENT',
            'DTSTART;VALUE=DATE:20261017',
            'DTEND;VALUE=DATE:20261102',
            'DTSTART:20261016T220000Z',
            'DTEND:99991231',
            'DTSTART:20260230',
            'DTSTART;VALUE=DATE:19000101',
            'DTEND;VALUE=DATE:21001231',
            'RRULE:FREQ=DAILY',
            'SUMMARY:<script>alert(1)</script>',
            "SUMMARY:'; DROP TABLE establishment_closed_days; --",
            'SUMMARY:\u0000',
            `SUMMARY:${'x'.repeat(500)}`,
            ' continued',
          ),
          fc.string({ unit: 'binary', maxLength: 60 }).map((s) => `SUMMARY:${s}`),
          fc.string({ unit: 'binary', maxLength: 60 }),
        ),
        { maxLength: 40 },
      )
      .map((lines) =>
        describeRequest({ body: ['BEGIN:VCALENDAR', ...lines].join('\r\n'), contentType: 'text/calendar' }, 'calendar'),
      ),
  );
