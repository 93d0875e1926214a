import { pipeline, Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import mime from 'mime-types';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import {
  formatStorageSize,
  storageBaseName,
  storageParent,
  storagePathNames,
  type StorageItem,
} from '@ponte/shared/storage.schema';
import { AppError, notFound } from '../../lib/app-error';
import type { StorageDriver } from './storage-driver';

const m = messages.storage;

export interface S3StorageDriverOptions {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, …); none: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  /** None: the SDK's default chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO and most others). */
  forcePathStyle: boolean;
  /** Keys start with it (a `/` is added when missing): several installations in one bucket. */
  prefix?: string;
}

/** Keys a ListObjectsV2 page and a DeleteObjects call hold at most. */
const batchSize = 1000;
/** Parts of a multipart upload: 5 MiB each, 2 in flight, so an upload holds about 10 MiB. */
const partSize = 5 * 1024 * 1024;
const queueSize = 2;

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Lowercase without accents: 'Relatório' and 'relatorio' are the same name. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const conflict = (message: string) => new AppError(409, errorCodes.conflict, message);
const badRequest = (message: string) => new AppError(400, errorCodes.validation, message);

/** Thrown by the byte counter past `maxBytes`; becomes the 413. */
class TooLargeError extends Error {}

/** A missing key: HeadObject answers `NotFound`, GetObject `NoSuchKey`, both with a 404. */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

const folderItem = (path: string): StorageItem => ({
  name: storageBaseName(path),
  path,
  size: 0,
  isFolder: true,
});
const fileItem = (path: string, size: number): StorageItem => ({
  name: storageBaseName(path),
  path,
  size,
  isFolder: false,
});

/** Folders first, then by name (pt-BR collation). */
const byKindThenName = (a: StorageItem, b: StorageItem) =>
  Number(b.isFolder) - Number(a.isFolder) || collator.compare(a.name, b.name);

/** `/a/b/c.txt` → ['/a', '/a/b']: the folders holding a path, the root left out. */
function ancestors(path: string): string[] {
  const names = storagePathNames(path);
  return names.slice(0, -1).map((_, index) => `/${names.slice(0, index + 1).join('/')}`);
}

/**
 * The S3 driver (docs/adr/0030). A workspace's files are the objects under
 * `{prefix}{workspaceId}/`; a logical path `/a/b.pdf` is the key `{prefix}{workspaceId}/a/b.pdf`.
 * A folder is a zero-byte marker `…/a/`, and also any prefix that deeper keys imply (objects
 * put by other tools), so a folder is never lost for want of its marker. Writes go straight to
 * their key: S3 makes an object visible only once its upload completes, so a write that stops
 * (too large, a failing stream) leaves nothing and an object replaced keeps its old bytes.
 */
export function createS3StorageDriver(options: S3StorageDriverOptions): StorageDriver {
  const client = new S3Client({
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
  const Bucket = options.bucket;
  const rawPrefix = options.prefix ?? '';
  const prefix = rawPrefix === '' || rawPrefix.endsWith('/') ? rawPrefix : `${rawPrefix}/`;

  const rootKey = (workspaceId: string) => `${prefix}${workspaceId}/`;
  const fileKey = (workspaceId: string, path: string) => `${rootKey(workspaceId)}${path.slice(1)}`;
  const folderKey = (workspaceId: string, path: string) =>
    path === '/' ? rootKey(workspaceId) : `${fileKey(workspaceId, path)}/`;

  /** The object's size, or null when there is none at `key`. */
  async function headSize(key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** True when a marker or any deeper key is under `key` (a folder's prefix). */
  async function anyUnder(key: string): Promise<boolean> {
    const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: key, MaxKeys: 1 }));
    return (page.Contents?.length ?? 0) > 0 || (page.CommonPrefixes?.length ?? 0) > 0;
  }

  /** Every page of a listing under `key`, one at a time. */
  async function* pages(
    key: string,
    delimiter?: string,
  ): AsyncGenerator<ListObjectsV2CommandOutput> {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket,
          Prefix: key,
          MaxKeys: batchSize,
          ...(delimiter ? { Delimiter: delimiter } : {}),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function stat(workspaceId: string, path: string): Promise<StorageItem | null> {
    if (path === '/') return folderItem('/');
    const [size, folder] = await Promise.all([
      headSize(fileKey(workspaceId, path)),
      anyUnder(folderKey(workspaceId, path)),
    ]);
    if (size !== null) return fileItem(path, size);
    return folder ? folderItem(path) : null;
  }

  /**
   * Refuses a path under a file (`notAFolder`, 409) and answers the folders above it that have
   * no marker yet (to be put once the write succeeds).
   */
  async function checkAncestors(workspaceId: string, path: string): Promise<string[]> {
    const found = await Promise.all(
      ancestors(path).map(async (folder) => {
        const [file, marker] = await Promise.all([
          headSize(fileKey(workspaceId, folder)),
          headSize(folderKey(workspaceId, folder)),
        ]);
        return { folder, file: file !== null, marker: marker !== null };
      }),
    );
    const file = found.find((item) => item.file);
    if (file) throw conflict(m.notAFolder(file.folder));
    return found.filter((item) => !item.marker).map((item) => item.folder);
  }

  async function putMarkers(workspaceId: string, folders: string[]): Promise<void> {
    await Promise.all(
      folders.map((folder) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: folderKey(workspaceId, folder),
            Body: '',
            ContentLength: 0,
          }),
        ),
      ),
    );
  }

  /** Streams `content` to `key`, counting bytes; past `maxBytes` the upload is abandoned. */
  async function upload(key: string, name: string, content: Readable, maxBytes: number) {
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) callback(new TooLargeError());
        else callback(null, chunk);
      },
    });
    // Errors reach the upload through `counter`, which pipeline destroys with them.
    const body = pipeline(content, counter, () => undefined);
    const contentType = mime.lookup(name) || 'application/octet-stream';
    try {
      await new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
        partSize,
        queueSize,
        leavePartsOnError: false,
      }).done();
    } catch (error) {
      body.destroy();
      // Past the limit the answer is the 413 even when S3 then failed to abort the parts.
      if (size > maxBytes) throw tooLarge(maxBytes);
      throw error;
    }
    return size;
  }

  const tooLarge = (maxBytes: number) =>
    new AppError(413, errorCodes.payloadTooLarge, m.fileTooLarge(formatStorageSize(maxBytes)));

  /** Deletes every key under `key`, a page (at most 1000 keys) at a time. */
  async function deleteUnder(key: string): Promise<void> {
    for await (const page of pages(key)) {
      const objects = (page.Contents ?? []).flatMap((item) =>
        item.Key ? [{ Key: item.Key }] : [],
      );
      if (objects.length === 0) continue;
      const answer = await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: objects, Quiet: true } }),
      );
      if (answer.Errors?.length) {
        throw new Error(`S3 refused to delete ${answer.Errors.length} object(s)`);
      }
    }
  }

  /** Every object under the workspace, as logical paths (folders from markers and deeper keys). */
  async function* walk(workspaceId: string): AsyncGenerator<StorageItem> {
    const root = rootKey(workspaceId);
    const folders = new Set<string>();
    function* newFolders(path: string): Generator<StorageItem> {
      for (const folder of [...ancestors(path), path]) {
        if (folders.has(folder)) continue;
        folders.add(folder);
        yield folderItem(folder);
      }
    }
    for await (const page of pages(root)) {
      for (const object of page.Contents ?? []) {
        const relative = object.Key?.slice(root.length) ?? '';
        if (relative === '') continue;
        if (relative.endsWith('/')) {
          yield* newFolders(`/${relative.slice(0, -1)}`);
          continue;
        }
        const path = `/${relative}`;
        const parent = storageParent(path);
        if (parent !== '/') yield* newFolders(parent);
        yield fileItem(path, object.Size ?? 0);
      }
    }
  }

  return {
    kind: 's3',

    async list(workspaceId, path) {
      const item = await stat(workspaceId, path);
      if (!item) throw notFound(m.folderNotFound);
      if (!item.isFolder) throw badRequest(m.notAFolder(path));
      const base = folderKey(workspaceId, path);
      const items: StorageItem[] = [];
      for await (const page of pages(base, '/')) {
        for (const folder of page.CommonPrefixes ?? []) {
          const name = folder.Prefix?.slice(base.length, -1);
          if (name) items.push(folderItem(`${path === '/' ? '' : path}/${name}`));
        }
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(base.length);
          if (name) items.push(fileItem(`${path === '/' ? '' : path}/${name}`, object.Size ?? 0));
        }
      }
      return items.sort(byKindThenName);
    },

    stat,

    async read(workspaceId, path) {
      if (path === '/') throw badRequest(m.notAFile);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: fileKey(workspaceId, path) }),
        );
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (!isMissing(error)) throw error;
        if (await anyUnder(folderKey(workspaceId, path))) throw badRequest(m.notAFile);
        throw notFound(m.notFound);
      }
    },

    async write(workspaceId, path, content, { maxBytes, overwrite }) {
      try {
        if (path === '/') throw conflict(m.rootRefused);
        const missing = await checkAncestors(workspaceId, path);
        const existing = await stat(workspaceId, path);
        if (existing && (existing.isFolder || !overwrite)) throw conflict(m.exists(path));
        const key = fileKey(workspaceId, path);
        const size = await upload(key, storageBaseName(path), content, maxBytes);
        await putMarkers(workspaceId, missing);
        return { size };
      } catch (error) {
        // A refused write does not read its stream: it is let go rather than left hanging.
        content.destroy();
        throw error;
      }
    },

    async createFolder(workspaceId, path) {
      if (path === '/') throw conflict(m.exists(path));
      const missing = await checkAncestors(workspaceId, path);
      if (await stat(workspaceId, path)) throw conflict(m.exists(path));
      await putMarkers(workspaceId, [...missing, path]);
    },

    async delete(workspaceId, path) {
      if (path === '/') throw badRequest(m.rootRefused);
      const item = await stat(workspaceId, path);
      if (!item) throw notFound(m.notFound);
      if (item.isFolder) await deleteUnder(folderKey(workspaceId, path));
      else await client.send(new DeleteObjectCommand({ Bucket, Key: fileKey(workspaceId, path) }));
      // The folder it was in stays, even when only the deleted keys implied it.
      const parent = storageParent(path);
      if (parent !== '/') await putMarkers(workspaceId, [parent]);
    },

    async search(workspaceId, term, limit) {
      const wanted = fold(term);
      const matches: StorageItem[] = [];
      for await (const item of walk(workspaceId)) {
        if (fold(item.name).includes(wanted)) matches.push(item);
      }
      matches.sort((a, b) => collator.compare(a.path, b.path));
      return { total: matches.length, items: matches.slice(0, limit) };
    },

    async usage(workspaceId) {
      let bytes = 0;
      for await (const page of pages(rootKey(workspaceId))) {
        for (const object of page.Contents ?? []) bytes += object.Size ?? 0;
      }
      return bytes;
    },
  };
}
