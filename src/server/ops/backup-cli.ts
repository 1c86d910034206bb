import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { createLogger } from '../lib/logger.ts';
import { backup, restore } from './backup.ts';

/**
 * `npm run backup [-- <folder>]` (default ./backups) and `npm run restore -- <backup folder>`,
 * with the server's environment (DATABASE_URL or DATA_DIR, S3_*): docs/operations.md « Backups ».
 */
const [command, target] = process.argv.slice(2);
const logger = createLogger('warn');
try {
  const config = loadConfig();
  if (command === 'backup') {
    const { dir, manifest } = await backup(config, path.resolve(target ?? 'backups'), logger);
    process.stdout.write(
      `backup: ${manifest.database} database and ${manifest.photosInBucket} photos of the bucket in ${dir}\n`,
    );
  } else if (command === 'restore' && target) {
    const manifest = await restore(config, path.resolve(target), logger);
    process.stdout.write(
      `restore: ${manifest.database} database of ${manifest.createdAt} and ${manifest.photosInBucket} photos restored\n`,
    );
  } else {
    process.stderr.write('usage: npm run backup [-- <folder>] | npm run restore -- <backup folder>\n');
    process.exit(2);
  }
} catch (error) {
  process.stderr.write(
    `${command ?? 'backup'} failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
