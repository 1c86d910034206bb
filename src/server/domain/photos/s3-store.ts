import { photoMessages } from '../../../shared/api/photos.ts';
import type { Config } from '../../config.ts';
import { loadedOnFirstUse } from '../../../shared/lazy.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { PhotoObjectStore } from './object-store.ts';

export type S3Settings = NonNullable<Config['s3']>;

/**
 * The bucket of S3_* (docs/configuration.md, `S3_*`). Checksums only where the API requires them: the
 * SDK's default CRC32 headers are refused by several S3-compatible servers (and s3rver).
 * Short timeouts: an upload waits on the bucket inside its database transaction. A bucket that
 * fails answers 503 `unavailable` (logged here with its key), never a 500.
 */
export function createS3PhotoStore(settings: S3Settings, logger: Logger): PhotoObjectStore {
  // The SDK is loaded with the bucket's first use, not at start: about 0.2 s of the server's
  // start went into importing it (docs/decisions/0031 « Start »). A failed load is tried again.
  const open = loadedOnFirstUse(async () => {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000 },
    });
    return { sdk, client };
  });
  const bucket = settings.bucket;
  const unavailable = (action: string, key: string, error: unknown) => {
    logger.warn(`photo bucket ${action} failed`, { key, err: error });
    return new AppError('unavailable', 503, photoMessages.storageUnavailable);
  };
  return {
    async put(key, bytes) {
      try {
        const { sdk, client } = await open();
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bytes,
            ContentType: 'image/webp',
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      } catch (error) {
        throw unavailable('write', key, error);
      }
    },
    async get(key) {
      try {
        const { sdk, client } = await open();
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        // The SDK's NoSuchKey is named so; some S3-compatible stores only answer a bare 404.
        const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (name === 'NoSuchKey' || $metadata?.httpStatusCode === 404) return null;
        throw unavailable('read', key, error);
      }
    },
    async remove(key) {
      const { sdk, client } = await open();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
