import { addAbortSignal, type Readable } from 'node:stream';
import mime from 'mime-types';
import {
  normaliseStoragePath,
  storageBaseName,
  storageParent,
  storagePathNames,
  type StorageItem,
} from '@ponte/shared/storage.schema';
import { foldForSearch } from '@ponte/shared/search-text';
import {
  anyUnder,
  connectOnFirstUse,
  deleteUnder,
  headSize,
  isMissing,
  pages,
  putMarkers,
  sendOptions,
  uploadCounted,
  fromS3,
  type S3ConnectionOptions,
  type S3Place,
} from './s3-objects';
import type { StorageDriver } from './storage-driver';
import { logicalPath, storageErrors } from './storage-errors';

export interface S3StorageDriverOptions extends S3ConnectionOptions {
  bucket: string;
  /** Keys start with it (a `/` is added when missing): several installations in one bucket. */
  prefix?: string;
}

/** The bucket and where in it the workspaces are. */
interface S3Storage extends S3Place {
  /** '' or ending in '/'. */
  prefix: string;
}

const rootKey = (s3: S3Storage, workspaceId: string) => `${s3.prefix}${workspaceId}/`;
const fileKey = (s3: S3Storage, workspaceId: string, path: string) =>
  `${rootKey(s3, workspaceId)}${path.slice(1)}`;
const folderKey = (s3: S3Storage, workspaceId: string, path: string) =>
  path === '/' ? rootKey(s3, workspaceId) : `${fileKey(s3, workspaceId, path)}/`;

/** Workspace ids are uuids: anything with a `/` would reach into another's keys. */
const workspacePattern = /^[A-Za-z0-9_-]+$/;

/**
 * `/{relative}` when it is a path the storage could have written; null for keys other tools
 * put with names a logical path cannot have (`..`, `a//b`, a backslash), which stay hidden.
 */
function visiblePath(relative: string): string | null {
  const path = `/${relative}`;
  if (relative === '') return null;
  try {
    return normaliseStoragePath(path) === path ? path : null;
  } catch {
    return null;
  }
}

const childPath = (folder: string, name: string) =>
  folder === '/' ? `/${name}` : `${folder}/${name}`;

/** Lower case without accents: how search compares names (docs/adr/0079). */
const folded = foldForSearch;

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

/** Folders first, then by name (pt-BR). */
const byKindThenName = (a: StorageItem, b: StorageItem) =>
  a.isFolder !== b.isFolder ? (a.isFolder ? -1 : 1) : a.name.localeCompare(b.name, 'pt-BR');

/** `/a/b/c.txt` → ['/a', '/a/b']: the folders holding a path, the root left out. */
function ancestors(path: string): string[] {
  const names = storagePathNames(path);
  return names.slice(0, -1).map((_, index) => `/${names.slice(0, index + 1).join('/')}`);
}

async function stat(s3: S3Storage, workspaceId: string, path: string) {
  if (path === '/') return folderItem('/');
  const [size, folder] = await Promise.all([
    headSize(s3, fileKey(s3, workspaceId, path)),
    anyUnder(s3, folderKey(s3, workspaceId, path)),
  ]);
  if (size !== null) return fileItem(path, size);
  return folder ? folderItem(path) : null;
}

/**
 * Refuses a path under a file (`notAFolder`, 409) and answers the marker keys of the folders
 * above it that have none yet (put once the write succeeds).
 */
async function missingMarkers(s3: S3Storage, workspaceId: string, path: string) {
  const found = await Promise.all(
    ancestors(path).map(async (folder) => {
      const [file, marker] = await Promise.all([
        headSize(s3, fileKey(s3, workspaceId, folder)),
        headSize(s3, folderKey(s3, workspaceId, folder)),
      ]);
      return { folder, file: file !== null, marker: marker !== null };
    }),
  );
  const file = found.find((item) => item.file);
  if (file) throw storageErrors.notAFolder(file.folder, 409);
  return found
    .filter((item) => !item.marker)
    .map((item) => folderKey(s3, workspaceId, item.folder));
}

async function list(s3: S3Storage, workspaceId: string, path: string) {
  const item = await stat(s3, workspaceId, path);
  if (!item) throw storageErrors.folderNotFound();
  if (!item.isFolder) throw storageErrors.notAFolder(path);
  const base = folderKey(s3, workspaceId, path);
  const items: StorageItem[] = [];
  for await (const page of pages(s3, base, '/')) {
    for (const folder of page.CommonPrefixes ?? []) {
      const name = folder.Prefix?.slice(base.length, -1) ?? '';
      if (visiblePath(name)) items.push(folderItem(childPath(path, name)));
    }
    for (const object of page.Contents ?? []) {
      // The folder's own marker is the key `base` itself: no name.
      const name = object.Key?.slice(base.length) ?? '';
      if (visiblePath(name)) items.push(fileItem(childPath(path, name), object.Size ?? 0));
    }
  }
  return items.sort(byKindThenName);
}

async function read(s3: S3Storage, workspaceId: string, path: string) {
  if (path === '/') throw storageErrors.notAFile();
  try {
    const object = await s3.client.send(
      new s3.sdk.GetObjectCommand({ Bucket: s3.bucket, Key: fileKey(s3, workspaceId, path) }),
      sendOptions(s3),
    );
    const stream = object.Body as Readable;
    // The bytes still to come stop with the signal too.
    if (s3.signal) addAbortSignal(s3.signal, stream);
    return { stream, size: object.ContentLength ?? 0 };
  } catch (error) {
    if (!isMissing(error)) throw error;
    if (await anyUnder(s3, folderKey(s3, workspaceId, path))) throw storageErrors.notAFile();
    throw storageErrors.notFound();
  }
}

async function write(
  s3: S3Storage,
  workspaceId: string,
  path: string,
  content: Readable,
  options: { maxBytes: number; overwrite: boolean },
) {
  if (path === '/') throw storageErrors.rootRefused();
  const markers = await missingMarkers(s3, workspaceId, path);
  const existing = await stat(s3, workspaceId, path);
  if (existing && (existing.isFolder || !options.overwrite)) throw storageErrors.exists(path);
  const name = storageBaseName(path);
  const contentType = mime.lookup(name) || 'application/octet-stream';
  const key = fileKey(s3, workspaceId, path);
  const size = await uploadCounted(s3, key, contentType, content, options.maxBytes);
  await putMarkers(s3, markers);
  return { size };
}

async function createFolder(s3: S3Storage, workspaceId: string, path: string) {
  if (path === '/') throw storageErrors.exists(path);
  const markers = await missingMarkers(s3, workspaceId, path);
  if (await stat(s3, workspaceId, path)) throw storageErrors.exists(path);
  await putMarkers(s3, [...markers, folderKey(s3, workspaceId, path)]);
}

async function remove(s3: S3Storage, workspaceId: string, path: string) {
  if (path === '/') throw storageErrors.rootRefused();
  const item = await stat(s3, workspaceId, path);
  if (!item) throw storageErrors.notFound();
  if (item.isFolder) await deleteUnder(s3, folderKey(s3, workspaceId, path));
  else {
    await s3.client.send(
      new s3.sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: fileKey(s3, workspaceId, path) }),
      sendOptions(s3),
    );
  }
  // The folder it was in stays, even when only the deleted keys implied it.
  const parent = storageParent(path);
  if (parent !== '/') await putMarkers(s3, [folderKey(s3, workspaceId, parent)]);
}

/** Every file and folder of the workspace (folders from markers and from deeper keys). */
async function* everything(s3: S3Storage, workspaceId: string): AsyncGenerator<StorageItem> {
  const root = rootKey(s3, workspaceId);
  const seen = new Set<string>();
  function* folders(path: string): Generator<StorageItem> {
    for (const folder of [...ancestors(path), path]) {
      if (seen.has(folder)) continue;
      seen.add(folder);
      yield folderItem(folder);
    }
  }
  for await (const page of pages(s3, root)) {
    for (const object of page.Contents ?? []) {
      const relative = object.Key?.slice(root.length) ?? '';
      const folder = relative.endsWith('/');
      const path = visiblePath(folder ? relative.slice(0, -1) : relative);
      if (path === null) continue;
      if (folder) {
        yield* folders(path);
        continue;
      }
      const parent = storageParent(path);
      if (parent !== '/') yield* folders(parent);
      yield fileItem(path, object.Size ?? 0);
    }
  }
}

async function search(s3: S3Storage, workspaceId: string, term: string, limit: number) {
  const wanted = folded(term.trim());
  const matches: StorageItem[] = [];
  for await (const item of everything(s3, workspaceId)) {
    if (folded(item.name).includes(wanted)) matches.push(item);
  }
  matches.sort((a, b) => a.path.localeCompare(b.path, 'pt-BR'));
  return { total: matches.length, items: matches.slice(0, limit) };
}

/** Files under a folder last written at or before `before` (by the objects' LastModified). */
async function oldFiles(
  s3: S3Storage,
  workspaceId: string,
  path: string,
  before: Date,
  limit: number,
) {
  const root = rootKey(s3, workspaceId);
  const found: { path: string; size: number }[] = [];
  for await (const page of pages(s3, folderKey(s3, workspaceId, path))) {
    for (const object of page.Contents ?? []) {
      const relative = object.Key?.slice(root.length) ?? '';
      if (relative.endsWith('/') || !object.LastModified || object.LastModified > before) continue;
      const file = visiblePath(relative);
      if (file === null) continue;
      found.push({ path: file, size: object.Size ?? 0 });
      if (found.length >= limit) return found;
    }
  }
  return found;
}

async function usage(s3: S3Storage, workspaceId: string) {
  let bytes = 0;
  for await (const page of pages(s3, rootKey(s3, workspaceId))) {
    for (const object of page.Contents ?? []) bytes += object.Size ?? 0;
  }
  return bytes;
}

/**
 * The S3 driver (docs/adr/0030). A workspace's files are the objects under
 * `{prefix}{workspaceId}/`; the logical path `/a/b.pdf` is the key `{prefix}{workspaceId}/a/b.pdf`.
 * A folder is a zero-byte marker `…/a/`, or any prefix that deeper keys imply (objects put by
 * other tools), so a folder is not lost for want of its marker. Writes go straight to their
 * key: S3 makes an object visible only once its upload completes, so a write that stops (too
 * large, a failing stream) leaves nothing, and an object being replaced keeps its old bytes.
 */
export function createS3StorageDriver(options: S3StorageDriverOptions): StorageDriver {
  const prefix = options.prefix ?? '';
  const place = {
    bucket: options.bucket,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
  const connect = connectOnFirstUse(options);
  /** The workspace id checked and the path normalised again, as every entrance does. */
  function checked(workspaceId: string, path = '/'): [string, string] {
    if (!workspacePattern.test(workspaceId)) throw new Error('invalid workspace id');
    return [workspaceId, logicalPath(path)];
  }
  /**
   * Runs one operation; the S3 service's own failures leave it as StorageServiceError. With a
   * signal, every request carries it as the SDK's `abortSignal`: aborted, nothing starts, and
   * a request under way stops with the signal's reason.
   */
  const run = async <T>(
    operation: (s3: S3Storage) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> => {
    try {
      signal?.throwIfAborted();
      const s3: S3Storage = { ...place, ...(await connect()), ...(signal ? { signal } : {}) };
      signal?.throwIfAborted();
      return await operation(s3);
    } catch (error) {
      if (signal?.aborted) throw signal.reason as Error;
      throw fromS3(error);
    }
  };
  return {
    kind: 's3',
    list: (workspaceId, path, signal) =>
      run((at) => list(at, ...checked(workspaceId, path)), signal),
    stat: (workspaceId, path, signal) =>
      run((at) => stat(at, ...checked(workspaceId, path)), signal),
    read: (workspaceId, path, signal) =>
      run((at) => read(at, ...checked(workspaceId, path)), signal),
    write: (workspaceId, path, content, writeOptions, signal) =>
      run((at) => write(at, ...checked(workspaceId, path), content, writeOptions), signal).finally(
        () => {
          // A refused write has not read its stream: it is let go rather than left waiting.
          if (!content.readableEnded) content.destroy();
        },
      ),
    createFolder: (...args) => run((at) => createFolder(at, ...checked(...args))),
    delete: (workspaceId, path, signal) =>
      run((at) => remove(at, ...checked(workspaceId, path)), signal),
    search: (workspaceId, term, limit) =>
      run((at) => search(at, checked(workspaceId)[0], term, limit)),
    oldFiles: (workspaceId, path, before, limit) =>
      run((at) => oldFiles(at, ...checked(workspaceId, path), before, limit)),
    usage: (workspaceId, signal) => run((at) => usage(at, checked(workspaceId)[0]), signal),
  };
}
