// The bucket that S3_BUCKET names, created when it is missing: the one-shot `s3-setup` service of
// docker-compose.yml runs it beside its own S3 server. The app never calls it (docs/decisions/016:
// on AWS its credentials should not be allowed to create buckets).
import { BucketAlreadyOwnedByYou, CreateBucketCommand, HeadBucketCommand, NotFound } from '@aws-sdk/client-s3';
import type { S3Settings } from '../env';
import { s3Client } from './file-store';

/** Whether the bucket had to be created (false: it was there already, so a second run is harmless). */
export async function ensureBucket(settings: S3Settings): Promise<{ created: boolean }> {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  try {
    await client.send(new HeadBucketCommand({ Bucket }));
    return { created: false };
  } catch (err) {
    // Only a missing bucket is created; a refusal (bad keys) or an unreachable server fails.
    if (!(err instanceof NotFound)) throw err;
  } finally {
    client.destroy();
  }
  const creator = s3Client(settings);
  try {
    await creator.send(new CreateBucketCommand({ Bucket }));
    return { created: true };
  } catch (err) {
    // Another run created it in between.
    if (err instanceof BucketAlreadyOwnedByYou) return { created: false };
    throw err;
  } finally {
    creator.destroy();
  }
}
