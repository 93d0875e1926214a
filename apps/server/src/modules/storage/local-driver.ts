import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { link, lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { addAbortSignal, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  normaliseStoragePath,
  storageBaseName,
  storagePathNames,
  type StorageItem,
} from '@ponte/shared/storage.schema';
import { messages } from '@ponte/shared/messages';
import { foldForSearch } from '@ponte/shared/search-text';
import { AppError } from '../../lib/app-error';
import type { StorageDriver } from './storage-driver';
import { logicalPath, storageErrors } from './storage-errors';

/** Files being written: hidden from every listing, renamed into place when complete. */
export const tempPrefix = '.ponte-upload-';
const workspacePattern = /^[A-Za-z0-9_-]+$/;

type Kind = 'file' | 'folder';

/** What lies at each name of a path: its kind, or null from the first missing name on. */
interface Walk {
  /** The kind of the last name, null when missing. */
  kind: Kind | null;
  size: number;
}

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** A name that may be shown: a valid logical name and not a file being written. */
function visibleName(name: string): boolean {
  if (name.startsWith(tempPrefix)) return false;
  try {
    return normaliseStoragePath(name) === `/${name}`;
  } catch {
    return false;
  }
}

const childPath = (folder: string, name: string) =>
  folder === '/' ? `/${name}` : `${folder}/${name}`;

/** Lower case without accents: how search compares names (docs/adr/0079). */
const folded = foldForSearch;

function sortItems(items: StorageItem[]): StorageItem[] {
  return items.sort((a, b) =>
    a.isFolder !== b.isFolder ? (a.isFolder ? -1 : 1) : a.name.localeCompare(b.name, 'pt-BR'),
  );
}

/** Counts the bytes going through; past `max` it fails with `TooLarge`. */
class TooLarge extends Error {}
function byteLimit(max: number) {
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > max) callback(new TooLarge());
      else callback(null, chunk);
    },
  });
  return { counter, size: () => total };
}

/**
 * Checks each existing name of `names` from the workspace's folder `root` (itself included):
 * a symbolic link is refused, a file before the last name is `notAFolder` (`folderStatus`).
 * An aborted `signal` stops it before its next step, with the signal's reason.
 */
async function walk(
  root: string,
  names: string[],
  folderStatus: 400 | 409,
  signal?: AbortSignal,
): Promise<Walk> {
  let current = root;
  const parts = ['', ...names];
  for (let index = 0; index < parts.length; index++) {
    signal?.throwIfAborted();
    if (index > 0) current = join(current, parts[index]!);
    let info;
    try {
      info = await lstat(current);
    } catch (error) {
      if (isMissing(error)) return { kind: null, size: 0 };
      throw error;
    }
    if (info.isSymbolicLink()) throw storageErrors.symlink();
    if (index === parts.length - 1) {
      return { kind: info.isDirectory() ? 'folder' : 'file', size: info.size };
    }
    if (!info.isDirectory()) {
      throw storageErrors.notAFolder(`/${names.slice(0, index).join('/')}`, folderStatus);
    }
  }
  return { kind: null, size: 0 };
}

async function entries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** The visible items of a folder (files and folders; links and other kinds are skipped). */
async function folderItems(dir: string, folder: string): Promise<StorageItem[]> {
  const items: StorageItem[] = [];
  for (const entry of await entries(dir)) {
    if (!visibleName(entry.name)) continue;
    const path = childPath(folder, entry.name);
    if (entry.isDirectory()) items.push({ name: entry.name, path, size: 0, isFolder: true });
    else if (entry.isFile()) {
      const info = await lstat(join(dir, entry.name)).catch(() => null);
      if (info?.isFile()) items.push({ name: entry.name, path, size: info.size, isFolder: false });
    }
  }
  return items;
}

/** Every visible item under a folder, depth first. */
async function* everything(dir: string, folder: string): AsyncGenerator<StorageItem> {
  for (const item of await folderItems(dir, folder)) {
    yield item;
    if (item.isFolder) yield* everything(join(dir, item.name), item.path);
  }
}

/**
 * Opens a checked file without following a link put in its place since; the stream fails with
 * the signal's reason when it aborts.
 */
async function openFile(root: string, names: string[], signal?: AbortSignal) {
  let handle;
  try {
    handle = await open(join(root, ...names), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw storageErrors.symlink();
    if (isMissing(error)) throw storageErrors.notFound();
    throw error;
  }
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw storageErrors.notAFile();
  }
  const stream = createReadStream('', { fd: handle });
  if (signal) addAbortSignal(signal, stream);
  return { stream, size: info.size };
}

/**
 * Moves the complete temp file to `target`. Without `overwrite`, a hard link creates the name
 * only if nothing took it meanwhile (a file system without links falls back to rename).
 */
async function place(temp: string, target: string, overwrite: boolean, logical: string) {
  if (overwrite) return rename(temp, target);
  try {
    await link(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw storageErrors.exists(logical);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error;
    return rename(temp, target);
  }
  await rm(temp, { force: true });
}

/**
 * Streams `content` to a temp file beside the target, renamed into place when complete. An
 * aborted `signal` stops the stream (the temp file is removed) or the steps before the rename.
 */
async function writeFile(
  root: string,
  logical: string,
  content: Readable,
  options: { maxBytes: number; overwrite: boolean },
  signal?: AbortSignal,
): Promise<{ size: number }> {
  const names = storagePathNames(logical);
  if (names.length === 0) throw storageErrors.rootRefused();
  const refuse = (found: Walk) => {
    if (found.kind === 'folder' || (found.kind === 'file' && !options.overwrite)) {
      throw storageErrors.exists(logical);
    }
  };
  refuse(await walk(root, names, 409, signal));
  const folder = join(root, ...names.slice(0, -1));
  await mkdir(folder, { recursive: true });
  signal?.throwIfAborted();
  const temp = join(folder, `${tempPrefix}${randomUUID()}`);
  const limit = byteLimit(options.maxBytes);
  // Opened before the stream runs, so the temp file exists whenever it must be removed.
  const handle = await open(temp, 'wx', 0o600);
  try {
    const file = createWriteStream('', { fd: handle });
    await pipeline(content, limit.counter, file, ...(signal ? [{ signal }] : []));
    refuse(await walk(root, names, 409, signal));
    await place(temp, join(root, ...names), options.overwrite, logical);
  } catch (error) {
    await rm(temp, { force: true });
    if (signal?.aborted) throw signal.reason as Error;
    if (error instanceof TooLarge) throw storageErrors.fileTooLarge(options.maxBytes);
    throw error;
  }
  return { size: limit.size() };
}

/** The item at a path, null when nothing is there (a file where a folder should be). */
async function statItem(
  root: string,
  logical: string,
  signal?: AbortSignal,
): Promise<StorageItem | null> {
  signal?.throwIfAborted();
  const names = storagePathNames(logical);
  if (names.length === 0) return { name: '', path: '/', size: 0, isFolder: true };
  const found = await walk(root, names, 400, signal).catch((error: unknown) => {
    if (error instanceof AppError && error.message !== messages.storage.pathSymlink) return null;
    throw error;
  });
  if (!found?.kind) return null;
  const isFolder = found.kind === 'folder';
  return {
    name: storageBaseName(logical),
    path: logical,
    size: isFolder ? 0 : found.size,
    isFolder,
  };
}

async function searchItems(root: string, term: string, limit: number) {
  const wanted = folded(term.trim());
  const matches: StorageItem[] = [];
  if ((await walk(root, [], 400)).kind !== 'folder') return { total: 0, items: [] };
  for await (const item of everything(root, '/')) {
    if (folded(item.name).includes(wanted)) matches.push(item);
  }
  matches.sort((a, b) => a.path.localeCompare(b.path, 'pt-BR'));
  return { total: matches.length, items: matches.slice(0, limit) };
}

/**
 * The local driver (ADR 0030): the workspace's files under `${rootDir}/${workspaceId}`. A
 * logical path reaches the disk only through its normalised names; every existing name is
 * checked with lstat from the workspace's root and a symbolic link anywhere is refused, files
 * are opened with O_NOFOLLOW. Writes go to a temp file in the same folder, renamed at the end.
 */
export function createLocalStorageDriver(rootDir: string): StorageDriver {
  function workspaceDir(workspaceId: string): string {
    if (!workspacePattern.test(workspaceId)) throw new Error('invalid workspace id');
    return join(rootDir, workspaceId);
  }

  return {
    kind: 'local',

    async list(workspaceId, path, signal) {
      const root = workspaceDir(workspaceId);
      const logical = logicalPath(path);
      const names = storagePathNames(logical);
      const found = await walk(root, names, 400, signal);
      if (found.kind === null && names.length > 0) throw storageErrors.folderNotFound();
      if (found.kind === 'file') throw storageErrors.notAFolder(logical);
      const items = await folderItems(join(root, ...names), logical);
      signal?.throwIfAborted();
      return sortItems(items);
    },

    stat: async (workspaceId, path, signal) =>
      statItem(workspaceDir(workspaceId), logicalPath(path), signal),

    async read(workspaceId, path, signal) {
      const root = workspaceDir(workspaceId);
      const names = storagePathNames(logicalPath(path));
      const found = await walk(root, names, 400, signal);
      if (found.kind === null) throw storageErrors.notFound();
      if (found.kind === 'folder') throw storageErrors.notAFile();
      return openFile(root, names, signal);
    },

    write: async (workspaceId, path, content, options, signal) =>
      writeFile(workspaceDir(workspaceId), logicalPath(path), content, options, signal),

    async createFolder(workspaceId, path) {
      const root = workspaceDir(workspaceId);
      const logical = logicalPath(path);
      const names = storagePathNames(logical);
      const found = await walk(root, names, 409);
      if (names.length === 0 || found.kind !== null) throw storageErrors.exists(logical);
      await mkdir(join(root, ...names), { recursive: true });
    },

    async delete(workspaceId, path, signal) {
      const root = workspaceDir(workspaceId);
      const names = storagePathNames(logicalPath(path));
      if (names.length === 0) throw storageErrors.rootRefused();
      const found = await walk(root, names, 400, signal);
      if (found.kind === null) throw storageErrors.notFound();
      signal?.throwIfAborted();
      await rm(join(root, ...names), { recursive: true });
    },

    search: async (workspaceId, term, limit) => searchItems(workspaceDir(workspaceId), term, limit),

    async oldFiles(workspaceId, path, before, limit) {
      const root = workspaceDir(workspaceId);
      const logical = logicalPath(path);
      const names = storagePathNames(logical);
      if ((await walk(root, names, 400)).kind !== 'folder') return [];
      const found: { path: string; size: number }[] = [];
      const dir = join(root, ...names);
      for await (const item of everything(dir, logical)) {
        if (item.isFolder) continue;
        const relative = storagePathNames(item.path).slice(names.length);
        const info = await lstat(join(dir, ...relative)).catch(() => null);
        if (!info?.isFile() || info.mtime > before) continue;
        found.push({ path: item.path, size: info.size });
        if (found.length >= limit) break;
      }
      return found;
    },

    async usage(workspaceId, signal) {
      const root = workspaceDir(workspaceId);
      if ((await walk(root, [], 400, signal)).kind !== 'folder') return 0;
      let total = 0;
      for await (const item of everything(root, '/')) {
        signal?.throwIfAborted();
        total += item.size;
      }
      return total;
    },
  };
}
