// What each layer of src/ may import (docs/conventions.md « Layering »), as the zones of
// eslint-plugin-import-x's `no-restricted-paths`: a file under `target` may not import from
// any `from` (but for its `except`). Type-only imports count too.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const featuresOf = (side) =>
  readdirSync(path.join(root, 'src', side, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The server's composition root: it builds the app from every layer, and nothing imports it back. */
const SERVER_ROOT = [
  './src/server/app.ts',
  './src/server/main.ts',
  './src/server/boot.ts',
  './src/server/diner.ts',
  './src/server/diner-lane.ts',
  './src/server/web-app',
];
/** The web app's composition: routes, pages and layouts put the features together. */
const WEB_ROOT = [
  './src/web/main.tsx',
  './src/web/router.tsx',
  './src/web/pages',
  './src/web/layouts',
  './src/web/shell',
  './src/web/landing',
];

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

export function layerZones() {
  const webFeatures = featuresOf('web');
  const serverFeatures = featuresOf('server');
  return [
    zone('./src/shared', ['./src/server', './src/web'], 'src/shared runs on both sides and imports neither.'),
    zone(
      './src/web',
      './src/server',
      'The web app reaches the server through the HTTP API; shared types live in src/shared.',
    ),
    zone(
      './src/web/lib',
      [...WEB_ROOT, './src/web/features', './src/web/components'],
      'src/web/lib imports only lib and src/shared.',
    ),
    zone(
      './src/web/components',
      [...WEB_ROOT, './src/web/features'],
      'Shared components import no feature and no page.',
    ),
    zone('./src/web/features', WEB_ROOT, 'A web feature imports no page: pages compose features.'),
    ...webFeatures.map((name) =>
      zone(
        `./src/web/features/${name}`,
        './src/web/features',
        'A web feature imports no other feature: pages compose features.',
        [`./${name}`],
      ),
    ),
    zone(
      './src/server/context.ts',
      './src/server',
      'src/server/context.ts (the request’s types) imports nothing of the server.',
      ['./src/server/context.ts'],
    ),
    zone(
      './src/server/lib',
      [
        ...SERVER_ROOT,
        './src/server/auth',
        './src/server/domain',
        './src/server/features',
        './src/server/mail',
        './src/server/deps.ts',
        './src/server/config.ts',
      ],
      'src/server/lib holds technical helpers: it imports lib, db, context and src/shared only.',
    ),
    zone(
      './src/server/db',
      [
        ...SERVER_ROOT,
        './src/server/auth',
        './src/server/domain',
        './src/server/features',
        './src/server/mail',
        './src/server/deps.ts',
      ],
      'src/server/db imports db, lib and src/shared only.',
    ),
    zone(
      './src/server/mail',
      [...SERVER_ROOT, './src/server/auth', './src/server/domain', './src/server/features'],
      'src/server/mail imports mail, lib, config and src/shared only.',
    ),
    zone(
      './src/server/domain',
      [...SERVER_ROOT, './src/server/auth', './src/server/features'],
      'src/server/domain is shared by features: it imports no feature, no auth and no route (types of src/server/deps.ts aside).',
    ),
    zone(
      './src/server/auth',
      [...SERVER_ROOT, './src/server/features'],
      'src/server/auth imports no feature: src/server/app.ts composes them.',
    ),
    zone(
      './src/server/features',
      SERVER_ROOT,
      'A server feature imports nothing of the composition root (types of src/server/deps.ts aside).',
    ),
    ...serverFeatures.map((name) =>
      zone(
        `./src/server/features/${name}`,
        './src/server/features',
        'A server feature imports no other feature: what two need lives in src/server/domain or src/server/lib, and src/server/app.ts composes them.',
        [`./${name}`],
      ),
    ),
  ];
}
