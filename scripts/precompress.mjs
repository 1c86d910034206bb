// Writes a gzip (.gz) and a brotli (.br) copy beside every hashed asset of dist/web/assets, so
// the server sends them as they are (serveStatic `precompressed`) instead of compressing the
// same bundle again on every request. Run by scripts/build.mjs after vite build.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;
/** Under this size the compressed copy saves less than it costs to look it up. */
const MIN_BYTES = 1024;

export async function precompressAssets(assetsDir) {
  const files = readdirSync(assetsDir).filter((name) => COMPRESSIBLE.test(name));
  let written = 0;
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(assetsDir, name);
      const bytes = readFileSync(file);
      if (bytes.length < MIN_BYTES) return;
      const [gz, br] = await Promise.all([
        gzipAsync(bytes, { level: 9 }),
        brotliAsync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        }),
      ]);
      if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
      if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
      written += 1;
    }),
  );
  return written;
}
