import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import {
  formatStorageSize,
  normaliseStoragePath,
  StoragePathError,
} from '@ponte/shared/storage.schema';
import { AppError, invalidField, notFound } from '../../lib/app-error';

const m = messages.storage;

/** The storage's refusals (ADR 0030): pt-BR messages naming logical paths only. */
export const storageErrors = {
  path: (message: string) => invalidField('path', message),
  symlink: () => invalidField('path', m.pathSymlink),
  rootRefused: () => invalidField('path', m.rootRefused),
  notFound: () => notFound(m.notFound),
  folderNotFound: () => notFound(m.folderNotFound),
  notAFile: () => invalidField('path', m.notAFile),
  /** A file where a folder is expected: 400 when reading, 409 when writing. */
  notAFolder: (path: string, status: 400 | 409 = 400) =>
    new AppError(
      status,
      status === 409 ? errorCodes.conflict : errorCodes.validation,
      m.notAFolder(path),
    ),
  exists: (path: string) => new AppError(409, errorCodes.conflict, m.exists(path)),
  fileTooLarge: (maxBytes: number) =>
    new AppError(413, errorCodes.payloadTooLarge, m.fileTooLarge(formatStorageSize(maxBytes))),
  /** 507 Insufficient Storage: the workspace is full, whatever the file's size (ADR 0030). */
  quotaExceeded: (quotaBytes: number) =>
    new AppError(507, errorCodes.quotaExceeded, m.quotaExceeded(formatStorageSize(quotaBytes))),
  readTooLarge: (maxBytes: number) =>
    new AppError(413, errorCodes.payloadTooLarge, m.readTooLarge(formatStorageSize(maxBytes))),
};

/** `normaliseStoragePath` whose refusal is a 400 AppError with the rule's pt-BR message. */
export function logicalPath(input: string): string {
  try {
    return normaliseStoragePath(input);
  } catch (error) {
    if (error instanceof StoragePathError) throw storageErrors.path(error.message);
    throw error;
  }
}
