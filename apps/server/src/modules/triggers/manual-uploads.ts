import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { limits } from '@ponte/shared/limits';
import {
  normaliseStoragePath,
  type StorageFileRef,
  type StorageItem,
} from '@ponte/shared/storage.schema';
import { createPeriodicTask } from '../../lib/periodic-task';

/** The folder of the workspace's storage that receives the files of manual runs (ADR 0031). */
export const manualUploadsFolder = '/envios-manuais';

/** What the uploads need of the storage service: streamed writes, listings and removals. */
export interface UploadStorage {
  writeStream(
    workspaceId: string,
    path: string,
    content: Readable,
    options: { overwrite: boolean; mimetype?: string },
  ): Promise<StorageFileRef>;
  list(workspaceId: string, path: string): Promise<StorageItem[]>;
  remove(workspaceId: string, path: string): Promise<void>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/g;
const encodedSeparators = /%(2f|5c|2e|00)/gi;
const fallbackName = 'arquivo';

/**
 * The client's file name as the stored file's name: its last path segment, without control
 * characters nor encoded separators, cut to `limits.uploadNameMax` characters and to the bytes
 * a storage name may have. A name the storage would refuse ("..", empty) becomes "arquivo".
 */
export function uploadName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(controlCharacters, '').replace(encodedSeparators, '_').trim();
  // A name cut to size keeps its extension, which gives the file its type.
  const extension = /\.[^.\s]{1,16}$/.exec(clean)?.[0] ?? '';
  const maxChars = limits.uploadNameMax - extension.length;
  const maxBytes = limits.storageNameMaxBytes - Buffer.byteLength(extension);
  const chars = Array.from(clean);
  let name = clean;
  if (chars.length > limits.uploadNameMax || Buffer.byteLength(clean) > maxBytes) {
    name = '';
    for (const char of chars.slice(0, maxChars)) {
      if (Buffer.byteLength(name + char) > maxBytes) break;
      name += char;
    }
    name += extension;
  }
  try {
    normaliseStoragePath(`/${name}`);
    return name && name !== '.' && name !== '..' ? name : fallbackName;
  } catch {
    return fallbackName;
  }
}

/** The day in São Paulo, `AAAA-MM-DD`, that names the folder of an upload. */
export function saoPauloDate(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/**
 * The files sent to Manual Triggers, streamed into the workspace's storage at
 * `/envios-manuais/AAAA-MM-DD/<uuid>/<name>`: the flow gets the file's reference
 * `{path, name, size, mimetype}`, never a place on the server.
 */
export function createManualUploads(
  storage: UploadStorage,
  now: () => Date = () => new Date(),
  /** The storage folder of the uploads (forms use /envios-formularios, docs/adr/0038). */
  uploadsFolder: string = manualUploadsFolder,
) {
  return {
    /**
     * Streams the file into storage; `truncated` says the size limit cut it (the file is then
     * removed). `folder` is what to remove if the request fails later.
     */
    async save(
      workspaceId: string,
      file: Readable & { truncated?: boolean },
      meta: { filename?: string; mimetype?: string },
    ): Promise<{ upload: StorageFileRef; folder: string; truncated: boolean }> {
      const folder = `${uploadsFolder}/${saoPauloDate(now())}/${randomUUID()}`;
      const path = `${folder}/${uploadName(meta.filename)}`;
      let upload: StorageFileRef;
      try {
        upload = await storage.writeStream(workspaceId, path, file, {
          overwrite: false,
          ...(meta.mimetype ? { mimetype: meta.mimetype } : {}),
        });
      } catch (error) {
        await storage.remove(workspaceId, folder).catch(() => undefined);
        throw error;
      }
      const truncated = file.truncated === true;
      if (truncated) await storage.remove(workspaceId, folder).catch(() => undefined);
      const { name, size, mimetype } = upload;
      return { upload: { path: upload.path, name, size, mimetype }, folder, truncated };
    },

    /** Removes the folders of the uploads of a request that failed. */
    async remove(workspaceId: string, folders: string[]): Promise<void> {
      await Promise.all(
        folders.map((folder) => storage.remove(workspaceId, folder).catch(() => undefined)),
      );
    },
  };
}

export type ManualUploads = ReturnType<typeof createManualUploads>;

export interface UploadRetentionOptions {
  storage: UploadStorage;
  /** Every workspace, whose uploads folder is swept. */
  workspaces: () => Promise<string[]>;
  /** The storage folder swept (default `/envios-manuais`; forms: `/envios-formularios`). */
  folder?: string;
  /** Uploads older than this are removed. */
  maxAgeMs: number;
  /** How often the folders are swept (default: every hour). */
  everyMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
  onRemoved?: (count: number) => void;
}

/**
 * When the day named `AAAA-MM-DD` ended in São Paulo (UTC−3, no daylight saving since 2019):
 * every upload of that folder is at least as old as the time since then.
 */
function endOfSaoPauloDay(name: string): number | null {
  const match = datePattern.exec(name);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const end = Date.UTC(year, month - 1, day + 1, 3);
  return saoPauloDate(new Date(end - 1)) === name ? end : null;
}

const missing = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode === 404;

/**
 * Manual-trigger uploads are kept for `maxAgeMs` after their day ends (ADR 0022, 0031): long
 * enough for the execution and a rerun from the debugger. The sweep goes through the storage
 * service (any driver) and removes only `<folder>/<date>/<uuid>/` folders, then a date
 * folder left empty; nothing else in storage is touched.
 */
export function createUploadRetention(options: UploadRetentionOptions) {
  const now = options.now ?? (() => new Date());
  const { storage } = options;
  const uploadsFolder = options.folder ?? manualUploadsFolder;
  const listOrNone = (workspaceId: string, path: string) =>
    storage.list(workspaceId, path).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });

  async function sweepWorkspace(workspaceId: string, cutoff: number): Promise<number> {
    let removed = 0;
    for (const day of await listOrNone(workspaceId, uploadsFolder)) {
      const end = day.isFolder ? endOfSaoPauloDay(day.name) : null;
      if (end === null || end > cutoff) continue;
      const items = await listOrNone(workspaceId, day.path);
      for (const item of items) {
        if (!item.isFolder || !uuidPattern.test(item.name)) continue;
        await storage.remove(workspaceId, item.path);
        removed++;
      }
      if ((await listOrNone(workspaceId, day.path)).length === 0) {
        await storage.remove(workspaceId, day.path);
      }
    }
    return removed;
  }

  const task = createPeriodicTask(
    async () => {
      const cutoff = now().getTime() - options.maxAgeMs;
      let removed = 0;
      for (const workspaceId of await options.workspaces()) {
        removed += await sweepWorkspace(workspaceId, cutoff);
      }
      if (removed) options.onRemoved?.(removed);
      return removed;
    },
    {
      intervalMs: options.everyMs ?? 3_600_000,
      onError: (error: unknown) => options.onError?.(error),
    },
  );
  return { sweep: task.runOnce, start: task.start, stop: task.stop };
}
