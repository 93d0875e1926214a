import { pipeline, Transform, type Readable } from 'node:stream';
import type { ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';
import { loadOnce } from '@ponte/shared/load-once';
import { messages } from '@ponte/shared/messages';
import { AppError } from '../../lib/app-error';
import { storageErrors } from './storage-errors';

/** The AWS SDK (S3 and its multipart uploads), loaded on the driver's first request (docs/adr/0127). */
const loadS3Sdk = loadOnce(async () => {
  const [s3, storage] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
  ]);
  return { ...s3, Upload: storage.Upload };
});
export type S3Sdk = Awaited<ReturnType<typeof loadS3Sdk>>;

/** The bucket the S3 driver works in, the client that reaches it and the SDK's commands. */
export interface S3Place {
  sdk: S3Sdk;
  client: S3Client;
  bucket: string;
  /** The caller's signal (an execution's): every request of the call carries it. */
  signal?: AbortSignal;
}

/** The SDK's per-request options of a call: its `abortSignal`, when the caller gave one. */
export const sendOptions = ({ signal }: S3Place) => (signal ? { abortSignal: signal } : {});

export interface S3ConnectionOptions {
  /** An S3-compatible service's address (MinIO, R2, …); none: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  /** None: the SDK's default chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO and most others). */
  forcePathStyle: boolean;
}

/** Keys a ListObjectsV2 page and a DeleteObjects call hold at most. */
const batchSize = 1000;
/** Parts of a multipart upload: 5 MiB each, 2 in flight, so an upload holds about 10 MiB. */
const partSize = 5 * 1024 * 1024;
const queueSize = 2;

function createS3Client(sdk: S3Sdk, options: S3ConnectionOptions): S3Client {
  return new sdk.S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible services refuse the newer
    // default ones (aws-chunked bodies with trailing CRC32).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The SDK and a client for `options`, both made on the first call and kept. */
export const connectOnFirstUse = (options: S3ConnectionOptions) =>
  loadOnce(async () => {
    const sdk = await loadS3Sdk();
    return { sdk, client: createS3Client(sdk, options) };
  });

/**
 * A failure of the S3 service itself (unreachable, access refused, no such bucket): its message
 * is for people (pt-BR) and names no bucket or key; the SDK's error is its `cause`, for the log.
 */
export class StorageServiceError extends Error {
  override name = 'StorageServiceError';
  constructor(cause: unknown) {
    super(messages.storage.unavailable, { cause });
  }
}

/** `error` as the driver throws it: the SDK's own errors (they carry `$metadata`) wrapped. */
export function fromS3(error: unknown): unknown {
  if (error instanceof AppError || error instanceof StorageServiceError) return error;
  if (error !== null && typeof error === 'object' && '$metadata' in error) {
    return new StorageServiceError(error);
  }
  return error;
}

/** A missing key: HeadObject answers `NotFound`, GetObject `NoSuchKey`, both with a 404. */
export function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

/** The object's size, or null when there is none at `key`. */
export async function headSize(place: S3Place, key: string): Promise<number | null> {
  const { sdk, client, bucket } = place;
  try {
    const command = new sdk.HeadObjectCommand({ Bucket: bucket, Key: key });
    const head = await client.send(command, sendOptions(place));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** True when a marker or any deeper key is under `key` (a folder's prefix). */
export async function anyUnder(place: S3Place, key: string): Promise<boolean> {
  const { sdk, client, bucket } = place;
  const page = await client.send(
    new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: key, MaxKeys: 1 }),
    sendOptions(place),
  );
  return (page.Contents?.length ?? 0) > 0 || (page.CommonPrefixes?.length ?? 0) > 0;
}

/** Every page of the listing under `key`, one at a time. */
export async function* pages(
  place: S3Place,
  key: string,
  delimiter?: string,
): AsyncGenerator<ListObjectsV2CommandOutput> {
  const { sdk, client, bucket } = place;
  let token: string | undefined;
  do {
    const page = await client.send(
      new sdk.ListObjectsV2Command({
        Bucket: bucket,
        Prefix: key,
        MaxKeys: batchSize,
        ...(delimiter ? { Delimiter: delimiter } : {}),
        ...(token ? { ContinuationToken: token } : {}),
      }),
      sendOptions(place),
    );
    yield page;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Puts the zero-byte objects that mark folders (`…/folder/`). */
export async function putMarkers(place: S3Place, keys: string[]): Promise<void> {
  const { sdk, client, bucket } = place;
  await Promise.all(
    keys.map((key) =>
      client.send(
        new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: '', ContentLength: 0 }),
        sendOptions(place),
      ),
    ),
  );
}

/**
 * Streams `content` to `key` (one PutObject up to 5 MiB, a multipart upload above), counting
 * its bytes. Past `maxBytes` the count fails the stream, so the upload never completes (its
 * parts are aborted) and `fileTooLarge` is thrown. The place's signal aborts the upload the
 * same way (nothing is left at `key`). Answers the bytes written.
 */
export async function uploadCounted(
  { sdk, client, bucket, signal }: S3Place,
  key: string,
  contentType: string,
  content: Readable,
  maxBytes: number,
): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new Error('past the byte limit'));
      else callback(null, chunk);
    },
  });
  // A failure of either stream reaches the upload through `counter`, destroyed with it.
  const body = pipeline(content, counter, () => undefined);
  const upload = new sdk.Upload({
    client,
    params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
    partSize,
    queueSize,
    leavePartsOnError: false,
  });
  const onAbort = () => void upload.abort().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    signal?.throwIfAborted();
    await upload.done();
    signal?.throwIfAborted();
  } catch (error) {
    body.destroy();
    if (signal?.aborted) throw signal.reason as Error;
    // Past the limit the answer is the 413, even when S3 then failed to abort the parts.
    if (size > maxBytes) throw storageErrors.fileTooLarge(maxBytes);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return size;
}

/** Deletes every key under `key`, a page (at most 1000 keys) at a time. */
export async function deleteUnder(place: S3Place, key: string): Promise<void> {
  for await (const page of pages(place, key)) {
    const objects = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
    if (objects.length === 0) continue;
    const answer = await place.client.send(
      new place.sdk.DeleteObjectsCommand({
        Bucket: place.bucket,
        Delete: { Objects: objects, Quiet: true },
      }),
      sendOptions(place),
    );
    if (answer.Errors?.length) {
      const codes = answer.Errors.map((failure) => failure.Code).join(', ');
      throw new StorageServiceError(new Error(`DeleteObjects refused keys: ${codes}`));
    }
  }
}
