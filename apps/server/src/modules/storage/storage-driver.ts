import type { Readable } from 'node:stream';
import type { StorageItem } from '@ponte/shared/storage.schema';

/**
 * Where a workspace's files live (ADR 0030): the local driver (default) keeps them under
 * PONTE_DATA_DIR/storage/{workspace}; the S3 driver in a bucket of any S3-compatible service.
 * One contract suite (storage-driver.contract.ts) runs on both.
 *
 * Every `path` is a logical path already normalised by `normaliseStoragePath` (shared): it
 * starts with `/`, `/` is the workspace's root. A driver never lets a path reach outside the
 * workspace's root (the local driver also refuses a path through a symbolic link). Failures
 * people should read are `AppError`s with the pt-BR messages of `messages.storage`; they never
 * hold a path of the server or a bucket's key.
 *
 * `signal` (an execution's, when a flow calls): aborted, the call starts nothing and rejects
 * with the signal's reason; aborted while it runs, it stops as soon as it can (the S3 driver
 * passes it to every request as the SDK's `abortSignal`, the local one to its streams and
 * checks it between file system steps) and rejects with the reason. A write stopped that way
 * leaves nothing at `path`, like any failed write.
 */
export interface StorageDriver {
  /** 'local' or 's3' (for logs and the health page). */
  readonly kind: 'local' | 's3';
  /**
   * A folder's items, folders first, then by name (pt-BR collation). A missing folder:
   * `notFound` (404); a file: `notAFolder` (400).
   */
  list(workspaceId: string, path: string, signal?: AbortSignal): Promise<StorageItem[]>;
  /** The item at `path`, or null when nothing is there. The root is a folder. */
  stat(workspaceId: string, path: string, signal?: AbortSignal): Promise<StorageItem | null>;
  /**
   * A file's bytes as a stream, with its size. Missing: 404; a folder: `notAFile` (400). The
   * stream fails with the signal's reason when it aborts.
   */
  read(
    workspaceId: string,
    path: string,
    signal?: AbortSignal,
  ): Promise<{ stream: Readable; size: number }>;
  /**
   * Streams `content` into the file at `path`, creating its folders; answers the bytes written.
   * Never holds the whole file in memory. Past `maxBytes` the write stops, nothing is left at
   * `path` (a replaced file keeps its old content) and `fileTooLarge` (413) is thrown. A folder
   * at `path`, or a file where a folder of the path should be: `exists` / `notAFolder` (409).
   * An existing file is replaced only when `overwrite`, else `exists` (409). A stream that fails
   * leaves nothing behind.
   */
  write(
    workspaceId: string,
    path: string,
    content: Readable,
    options: { maxBytes: number; overwrite: boolean },
    signal?: AbortSignal,
  ): Promise<{ size: number }>;
  /** Creates the folder and its parents; an existing item there: `exists` (409). */
  createFolder(workspaceId: string, path: string): Promise<void>;
  /** Removes a file, or a folder with everything in it. Missing: 404. The root: 400. */
  delete(workspaceId: string, path: string, signal?: AbortSignal): Promise<void>;
  /**
   * Files and folders anywhere in the workspace whose name contains `term` (case and accents
   * ignored), at most `limit`, by path; `total` counts every match.
   */
  search(
    workspaceId: string,
    term: string,
    limit: number,
  ): Promise<{ total: number; items: StorageItem[] }>;
  /**
   * Up to `limit` files anywhere under the folder at `path` last written at or before `before`
   * (the retention, docs/adr/0123), with their sizes. A missing folder, or a file there: none.
   */
  oldFiles(
    workspaceId: string,
    path: string,
    before: Date,
    limit: number,
  ): Promise<{ path: string; size: number }[]>;
  /** Bytes of every file of the workspace (for the quota). */
  usage(workspaceId: string, signal?: AbortSignal): Promise<number>;
}
