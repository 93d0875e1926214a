import type { StorageEntry, StorageFileRef, StoragePort } from '@ponte/engine/ports';
import { abortable } from '../lib/abortable';
import type { StorageService } from '../modules/storage/storage.service';

/** What flows use of the storage service (the same one as the /api/v1/storage routes). */
export type FlowStorage = Pick<
  StorageService,
  'writeBytes' | 'readBytes' | 'fileRef' | 'copy' | 'list' | 'remove'
>;

/**
 * A failure of the service (an AppError with its pt-BR message) becomes a plain Error with the
 * same message: the execution shows it as the node's error, never a status or a server path.
 * The execution's abort passes as it is: the call rejects with the signal's reason at once,
 * and the service hands the signal to the driver, which stops what it was doing.
 */
async function plain<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  try {
    return await abortable(signal, work);
  } catch (error) {
    if (signal.aborted && error === signal.reason) throw error;
    throw new Error(error instanceof Error ? error.message : String(error));
  }
}

const refOf = (file: StorageFileRef): StorageFileRef => ({
  path: file.path,
  name: file.name,
  size: file.size,
  mimetype: file.mimetype,
});

/**
 * The engine's StoragePort over the storage service (docs/adr/0031): every call is scoped to
 * the execution's workspace, so a flow never sees another workspace's files (their paths are
 * simply missing there).
 */
export function createStoragePort(storage: FlowStorage): StoragePort {
  return {
    write: (scope, path, content, options, signal) =>
      plain(signal, async () =>
        refOf(await storage.writeBytes(scope.workspaceId, path, content, options, signal)),
      ),
    read: (scope, path, maxBytes, signal) =>
      plain(signal, async () => {
        const at = scope.workspaceId;
        const { file, content } = await storage.readBytes(at, path, maxBytes, signal);
        return { file: refOf(file), content: new Uint8Array(content) };
      }),
    stat: (scope, path, signal) =>
      plain(signal, async () => {
        const file = await storage.fileRef(scope.workspaceId, path, signal);
        return file && refOf(file);
      }),
    copy: (scope, from, to, options, signal) =>
      plain(signal, async () =>
        refOf(await storage.copy(scope.workspaceId, from, to, options, signal)),
      ),
    list: (scope, path, signal) =>
      plain(signal, async () =>
        (await storage.list(scope.workspaceId, path, signal)).map((item): StorageEntry => ({
          name: item.name,
          path: item.path,
          size: item.size,
          isFolder: item.isFolder,
        })),
      ),
    delete: (scope, path, signal) =>
      plain(signal, () => storage.remove(scope.workspaceId, path, signal)),
  };
}
