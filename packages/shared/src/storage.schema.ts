import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { text } from './text';

const m = messages.storage;

/** Spec 2 §3 'Storage item': one file or folder of a workspace's storage. */
export const storageItemSchema = z.object({
  name: z.string(),
  /** The logical path from the workspace's root: `/relatorios/2026/nov.pdf`. */
  path: z.string(),
  /** Bytes (0 for a folder). */
  size: z.number(),
  isFolder: z.boolean(),
});
export type StorageItem = z.infer<typeof storageItemSchema>;

/**
 * What a flow holds for a stored file (written by a node, uploaded through a manual run): a
 * logical path, never a path of the server's file system.
 */
export const storageFileRefSchema = z.object({
  path: z.string(),
  name: z.string(),
  size: z.number(),
  mimetype: z.string(),
});
export type StorageFileRef = z.infer<typeof storageFileRefSchema>;

/** A thrown path refusal: its message is for people (pt-BR); the API answers it as a 400. */
export class StoragePathError extends Error {
  override name = 'StoragePathError';
}

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const controlCharacters = /[\u0000-\u001f\u007f]/;
/** Percent-encoded separators, dots and NUL: a path is taken as typed, never decoded. */
const encoded = /%(2f|5c|2e|00)/i;
/** `C:`, `c:/…`, `file:`, `\\server`: a path of some machine, not of the storage. */
const machinePath = /^([a-z]:|[a-z][a-z0-9+.-]*:\/\/|~)/i;

/** Bytes of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of U+FFFD). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * The canonical logical path of `input` (docs/adr/0030): starts with `/`, no empty, `.` or
 * `..` names, no trailing slash (the root is `/`). A leading `/` is optional (`a/b` is
 * `/a/b`); repeated slashes collapse. Refuses, with a pt-BR StoragePathError: `.` and `..`,
 * backslashes, control characters and NUL, percent-encoded separators, a machine's path (`C:`,
 * `file://`, `~`), a name longer than 255 bytes and a path longer than 1024 characters.
 */
export function normaliseStoragePath(input: string): string {
  if (typeof input !== 'string') throw new StoragePathError(m.pathRequired);
  const trimmed = input.trim();
  if (!trimmed) throw new StoragePathError(m.pathRequired);
  if (controlCharacters.test(input)) throw new StoragePathError(m.pathControl);
  if (trimmed.includes('\\')) throw new StoragePathError(m.pathBackslash);
  if (encoded.test(trimmed)) throw new StoragePathError(m.pathEncoded);
  if (machinePath.test(trimmed)) throw new StoragePathError(m.pathDrive);
  if (trimmed.length > limits.storagePathMax) {
    throw new StoragePathError(m.pathTooLong(limits.storagePathMax));
  }
  const names = trimmed.split('/').filter((name) => name !== '');
  for (const name of names) {
    if (name === '.' || name === '..') throw new StoragePathError(m.pathDots);
    if (utf8Length(name) > limits.storageNameMaxBytes) {
      throw new StoragePathError(m.nameTooLong(limits.storageNameMaxBytes));
    }
  }
  return `/${names.join('/')}`;
}

/** The path's names (`/a/b` → ['a', 'b']; the root → []). Takes a normalised path. */
export const storagePathNames = (path: string): string[] =>
  path.split('/').filter((name) => name !== '');

/** The last name of a normalised path ('' for the root). */
export const storageBaseName = (path: string): string => storagePathNames(path).pop() ?? '';

/** The folder holding a normalised path (the root's parent is the root). */
export function storageParent(path: string): string {
  const names = storagePathNames(path);
  names.pop();
  return `/${names.join('/')}`;
}

/** `folder` and a relative `name` (which may hold folders: `2026/nov.pdf`), normalised. */
export const joinStoragePath = (folder: string, name: string): string =>
  normaliseStoragePath(`${folder}/${name}`);

/** A path that normalises, as a zod field; the message is the rule it broke. */
export const storagePathSchema = text().transform((value, ctx) => {
  try {
    return normaliseStoragePath(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

/** GET and DELETE /api/v1/storage, GET /api/v1/storage/download: `?path=` (default `/`). */
export const storagePathQuerySchema = z.object({
  path: storagePathSchema.default('/'),
});

/** GET /api/v1/storage/search: `?filter.searchTerm=&returnData=`. */
export const storageSearchQuerySchema = z.object({
  'filter.searchTerm': text().trim().max(limits.storagePathMax).default(''),
  /** false: only `{total}`; true (default): the items too. */
  returnData: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/** GET /api/v1/storage/search answers. */
export const storageSearchResponseSchema = z.object({
  total: z.number(),
  /** At most `limits.storageSearchMax`; absent when `returnData=false`. */
  data: z.array(storageItemSchema).optional(),
});

/** POST /api/v1/storage/folder. */
export const storageFolderBodySchema = z.object({
  pathFile: storagePathSchema,
});

/**
 * Sizes as the screen shows them: B, KB, MB, GB (1024 steps), up to 2 decimals, pt-BR comma.
 */
export function formatStorageSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(2).replace(/\.?0+$/, '');
  return `${shown.replace('.', ',')} ${units[unit]}`;
}
