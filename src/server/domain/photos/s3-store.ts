import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { photoMessages } from '../../../shared/api/photos.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { PhotoObjectStore } from './object-store.ts';

export type S3Settings = NonNullable<Config['s3']>;

/**
 * The bucket of S3_* (README « Photos »). Checksums only where the API requires them: the
 * SDK's default CRC32 headers are refused by several S3-compatible servers (and s3rver).
 * Short timeouts: an upload waits on the bucket inside its database transaction. A bucket that
 * fails answers 503 `unavailable` (logged here with its key), never a 500.
 */
export function createS3PhotoStore(settings: S3Settings, logger: Logger): PhotoObjectStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000 },
  });
  const bucket = settings.bucket;
  const unavailable = (action: string, key: string, error: unknown) => {
    logger.warn(`photo bucket ${action} failed`, { key, err: error });
    return new AppError('unavailable', 503, photoMessages.storageUnavailable);
  };
  return {
    async put(key, bytes) {
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'image/webp', CacheControl: 'public, max-age=31536000, immutable' }));
      } catch (error) {
        throw unavailable('write', key, error);
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw unavailable('read', key, error);
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
