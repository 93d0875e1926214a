import {
  normaliseStoragePath,
  storageBaseName,
  storageParent,
  storagePathNames,
} from '@ponte/shared/storage.schema';
import { messages } from '@ponte/shared/messages';
import type { StorageEntry, StorageFileRef, StoragePort } from '../ports';

const m = messages.storage;

/** The fake's files: logical path → bytes and type; a folder is a path in `folders`. */
export interface FakeStoragePort extends StoragePort {
  files: Map<string, { content: Uint8Array; mimetype: string }>;
  folders: Set<string>;
}

/** One workspace's storage in memory, with the same path rules and refusals as the server's. */
export function createFakeStorage(): FakeStoragePort {
  const files = new Map<string, { content: Uint8Array; mimetype: string }>();
  const folders = new Set<string>(['/']);
  const refOf = (path: string): StorageFileRef => {
    const file = files.get(path)!;
    return {
      path,
      name: storageBaseName(path),
      size: file.content.length,
      mimetype: file.mimetype,
    };
  };
  const ensureFolders = (path: string) => {
    const names = storagePathNames(storageParent(path));
    for (let i = 1; i <= names.length; i++) {
      const folder = `/${names.slice(0, i).join('/')}`;
      if (files.has(folder)) throw new Error(m.notAFolder(folder));
      folders.add(folder);
    }
  };
  const put = (path: string, content: Uint8Array, mimetype: string, overwrite: boolean) => {
    if (path === '/') throw new Error(m.rootRefused);
    if (folders.has(path) || (files.has(path) && !overwrite)) throw new Error(m.exists(path));
    ensureFolders(path);
    files.set(path, { content, mimetype });
    return refOf(path);
  };
  const fileAt = (raw: string) => {
    const path = normaliseStoragePath(raw);
    if (folders.has(path)) throw new Error(m.notAFile);
    if (!files.has(path)) throw new Error(m.notFound);
    return path;
  };
  return {
    files,
    folders,
    async write(_scope, raw, content, options, signal) {
      signal.throwIfAborted();
      return put(
        normaliseStoragePath(raw),
        content,
        options.mimetype ?? 'application/octet-stream',
        options.overwrite,
      );
    },
    async read(_scope, raw, maxBytes, signal) {
      signal.throwIfAborted();
      const path = fileAt(raw);
      const content = files.get(path)!.content;
      if (content.length > maxBytes) throw new Error(m.readTooLarge(`${maxBytes} bytes`));
      return { file: refOf(path), content };
    },
    async stat(_scope, raw, signal) {
      signal.throwIfAborted();
      const path = normaliseStoragePath(raw);
      return files.has(path) ? refOf(path) : null;
    },
    async copy(_scope, from, to, options, signal) {
      signal.throwIfAborted();
      const source = files.get(fileAt(from))!;
      return put(normaliseStoragePath(to), source.content, source.mimetype, options.overwrite);
    },
    async list(_scope, raw, signal) {
      signal.throwIfAborted();
      const path = normaliseStoragePath(raw);
      if (!folders.has(path))
        throw new Error(files.has(path) ? m.notAFolder(path) : m.folderNotFound);
      const entries: StorageEntry[] = [];
      for (const folder of folders) {
        if (folder !== '/' && storageParent(folder) === path) {
          entries.push({ name: storageBaseName(folder), path: folder, size: 0, isFolder: true });
        }
      }
      for (const [file, { content }] of files) {
        if (storageParent(file) === path) {
          entries.push({
            name: storageBaseName(file),
            path: file,
            size: content.length,
            isFolder: false,
          });
        }
      }
      return entries.sort(
        (a, b) => Number(b.isFolder) - Number(a.isFolder) || a.name.localeCompare(b.name, 'pt-BR'),
      );
    },
    async delete(_scope, raw, signal) {
      signal.throwIfAborted();
      const path = normaliseStoragePath(raw);
      if (path === '/') throw new Error(m.rootRefused);
      if (files.delete(path)) return;
      if (!folders.has(path)) throw new Error(m.notFound);
      const inside = (other: string) => other === path || other.startsWith(`${path}/`);
      for (const folder of [...folders]) if (inside(folder)) folders.delete(folder);
      for (const file of [...files.keys()]) if (inside(file)) files.delete(file);
    },
  };
}
