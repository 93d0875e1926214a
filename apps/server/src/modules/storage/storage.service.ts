import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { lookup } from 'mime-types';
import { limits } from '@ponte/shared/limits';
import {
  storageBaseName,
  type StorageFileRef,
  type StorageItem,
} from '@ponte/shared/storage.schema';
import { AppError } from '../../lib/app-error';
import type { StorageDriver } from './storage-driver';
import { logicalPath, storageErrors } from './storage-errors';

export interface StorageServiceOptions {
  driver: StorageDriver;
  /** Largest file (PONTE_STORAGE_MAX_FILE_MB); default `limits.storageFileMaxBytes`. */
  maxFileBytes?: number;
  /** Bytes a workspace may keep (PONTE_STORAGE_QUOTA_MB); none by default. */
  quotaBytes?: number | null;
}

const fallbackType = 'application/octet-stream';

/** The content type of a file by its name's extension (application/octet-stream if unknown). */
export function storageMimetype(path: string): string {
  return lookup(storageBaseName(path)) || fallbackType;
}

const isStatus = (error: unknown, status: number) =>
  error instanceof AppError && error.statusCode === status;

const refOf = (path: string, size: number, mimetype?: string): StorageFileRef => {
  const byName = storageMimetype(path);
  return {
    path,
    name: storageBaseName(path),
    size,
    mimetype: byName === fallbackType && mimetype ? mimetype : byName,
  };
};

/** The most bytes a write at `path` may take: the file limit or what is left of the quota. */
async function allowance(
  driver: StorageDriver,
  limit: { maxFileBytes: number; quotaBytes: number | null },
  at: { workspaceId: string; path: string; overwrite: boolean },
  signal?: AbortSignal,
) {
  const { maxFileBytes, quotaBytes } = limit;
  if (quotaBytes === null) return { maxBytes: maxFileBytes, byQuota: false };
  const used = await driver.usage(at.workspaceId, signal);
  const current = at.overwrite ? await driver.stat(at.workspaceId, at.path, signal) : null;
  const freed = current && !current.isFolder ? current.size : 0;
  const left = Math.max(0, quotaBytes - used + freed);
  return left < maxFileBytes
    ? { maxBytes: left, byQuota: true }
    : { maxBytes: maxFileBytes, byQuota: false };
}

/** A whole file's bytes, refused (413) before it is read when over `maxBytes`. */
async function readBytes(
  driver: StorageDriver,
  { workspaceId, path, maxBytes }: { workspaceId: string; path: string; maxBytes: number },
  signal?: AbortSignal,
): Promise<{ file: StorageFileRef; content: Uint8Array }> {
  const item = await driver.stat(workspaceId, path, signal);
  if (!item) throw storageErrors.notFound();
  if (item.isFolder) throw storageErrors.notAFile();
  if (item.size > maxBytes) throw storageErrors.readTooLarge(maxBytes);
  const { stream } = await driver.read(workspaceId, path, signal);
  const content = await buffer(stream).catch((error: unknown) => {
    throw signal?.aborted ? (signal.reason as Error) : error;
  });
  if (content.length > maxBytes) throw storageErrors.readTooLarge(maxBytes);
  return { file: refOf(path, content.length), content };
}

/**
 * The workspace's file storage (ADR 0030) over a driver: the size limit per file, the
 * workspace's quota and content types. The /storage routes and the engine's StoragePort use
 * it. Paths are taken as given and normalised here (a bad one: 400 with the rule's message).
 * The calls a flow makes take its execution's `signal`, handed to the driver (storage-driver.ts
 * says what it does with it).
 */
export function createStorageService(options: StorageServiceOptions) {
  const { driver } = options;
  const maxFileBytes = options.maxFileBytes ?? limits.storageFileMaxBytes;
  const quotaBytes = options.quotaBytes ?? null;

  /** Streams `content` to `path` within the limits; answers the file's reference. */
  async function writeStream(
    workspaceId: string,
    rawPath: string,
    content: Readable,
    write: { overwrite: boolean; mimetype?: string },
    signal?: AbortSignal,
  ): Promise<StorageFileRef> {
    const path = logicalPath(rawPath);
    const { maxBytes, byQuota } = await allowance(
      driver,
      { maxFileBytes, quotaBytes },
      { workspaceId, path, overwrite: write.overwrite },
      signal,
    );
    try {
      const options = { maxBytes, overwrite: write.overwrite };
      const { size } = await driver.write(workspaceId, path, content, options, signal);
      return refOf(path, size, write.mimetype);
    } catch (error) {
      if (byQuota && isStatus(error, 413)) throw storageErrors.quotaExceeded(quotaBytes!);
      throw error;
    }
  }

  /** A file's bytes as a stream, with its reference. */
  async function readStream(workspaceId: string, rawPath: string, signal?: AbortSignal) {
    const path = logicalPath(rawPath);
    const { stream, size } = await driver.read(workspaceId, path, signal);
    return { stream, size, file: refOf(path, size) };
  }

  return {
    kind: driver.kind,
    maxFileBytes,
    quotaBytes,
    writeStream,
    readStream,

    /** Keeps `content` at `path` (the engine's write). */
    writeBytes: (
      workspaceId: string,
      path: string,
      content: Uint8Array,
      write: { overwrite: boolean; mimetype?: string },
      signal?: AbortSignal,
    ) => writeStream(workspaceId, path, Readable.from([Buffer.from(content)]), write, signal),

    /** A file's bytes; a file over `maxBytes` is refused (413) before it is read. */
    readBytes: (workspaceId: string, path: string, maxBytes: number, signal?: AbortSignal) =>
      readBytes(driver, { workspaceId, path: logicalPath(path), maxBytes }, signal),

    /** The item at `path` (file or folder), or null. */
    stat: async (workspaceId: string, path: string): Promise<StorageItem | null> =>
      driver.stat(workspaceId, logicalPath(path)),

    /** A file's reference (no bytes); null when nothing or a folder is there. */
    async fileRef(
      workspaceId: string,
      rawPath: string,
      signal?: AbortSignal,
    ): Promise<StorageFileRef | null> {
      const path = logicalPath(rawPath);
      const item = await driver.stat(workspaceId, path, signal);
      return item && !item.isFolder ? refOf(path, item.size) : null;
    },

    /** Copies a file to another path, within the limits (`overwrite` as in a write). */
    async copy(
      workspaceId: string,
      from: string,
      to: string,
      copy: { overwrite: boolean },
      signal?: AbortSignal,
    ): Promise<StorageFileRef> {
      const { stream } = await readStream(workspaceId, from, signal);
      try {
        return await writeStream(workspaceId, to, stream, copy, signal);
      } finally {
        stream.destroy();
      }
    },

    list: async (workspaceId: string, path: string, signal?: AbortSignal): Promise<StorageItem[]> =>
      driver.list(workspaceId, logicalPath(path), signal),

    /** Creates a folder (and its parents); answers its item. Something there: 409. */
    async createFolder(workspaceId: string, rawPath: string): Promise<StorageItem> {
      const path = logicalPath(rawPath);
      await driver.createFolder(workspaceId, path);
      return { name: storageBaseName(path), path, size: 0, isFolder: true };
    },

    /** Removes a file, or a folder with everything in it. Missing: 404; the root: 400. */
    remove: async (workspaceId: string, path: string, signal?: AbortSignal): Promise<void> =>
      driver.delete(workspaceId, logicalPath(path), signal),

    /** Names containing `term` anywhere (at most `limits.storageSearchMax` items). */
    async search(
      workspaceId: string,
      term: string,
      returnData: boolean,
    ): Promise<{ total: number; data?: StorageItem[] }> {
      const found = await driver.search(workspaceId, term, limits.storageSearchMax);
      return returnData ? { total: found.total, data: found.items } : { total: found.total };
    },

    /** Files under a folder last written at or before `before`, at most `limit` (retention). */
    oldFiles: (workspaceId: string, path: string, before: Date, limit: number) =>
      driver.oldFiles(workspaceId, logicalPath(path), before, limit),

    /** Bytes the workspace keeps. */
    usage: (workspaceId: string): Promise<number> => driver.usage(workspaceId),
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
