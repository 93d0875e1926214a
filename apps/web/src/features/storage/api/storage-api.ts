import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { messages } from '@ponte/shared/messages';
import { storageItemSchema, storageSearchResponseSchema } from '@ponte/shared/storage.schema';
import type { StorageItem } from '@ponte/shared/storage.schema';
import { apiDownload, apiRequest } from '../../../lib/api/api-client';
import { isApiError } from '../../../lib/api/api-error';
import { toast } from '../../../lib/toasts';

const m = messages.storage;

export const storageQueryKey = ['storage'] as const;

/**
 * The text for a failed storage call (spec 2 §8): the server's message when it sent one, else
 * the default of that call.
 */
export function storageFailure(error: unknown, fallback: string): string {
  if (isApiError(error) && error.body !== undefined && error.message) return error.message;
  return fallback;
}

/** Folders first, then by name (the server already sorts; search results come by path). */
function foldersFirst(items: StorageItem[]): StorageItem[] {
  return [...items].sort(
    (a, b) => Number(b.isFolder) - Number(a.isFolder) || a.name.localeCompare(b.name, 'pt-BR'),
  );
}

/** GET /api/v1/storage?path=: a folder's items; a failure shows its toast and yields []. */
export async function getStorageFolder(path: string): Promise<StorageItem[]> {
  try {
    const items = await apiRequest('/api/v1/storage', {
      query: { path },
      schema: z.array(storageItemSchema),
    });
    return foldersFirst(items);
  } catch (error) {
    toast.error(storageFailure(error, m.listError));
    return [];
  }
}

/** GET /api/v1/storage/search?filter.searchTerm=: items anywhere whose name holds the term. */
export async function searchStorage(term: string): Promise<StorageItem[]> {
  try {
    const answer = await apiRequest('/api/v1/storage/search', {
      query: { 'filter.searchTerm': term, returnData: true },
      schema: storageSearchResponseSchema,
    });
    return foldersFirst(answer.data ?? []);
  } catch (error) {
    toast.error(storageFailure(error, m.searchError));
    return [];
  }
}

/** The folder's items, or the search results when `search` is not empty. */
export function storageItemsQueryOptions(path: string, search: string) {
  return queryOptions({
    queryKey: search
      ? [...storageQueryKey, 'search', search]
      : [...storageQueryKey, 'folder', path],
    queryFn: () => (search ? searchStorage(search) : getStorageFolder(path)),
  });
}

export function useStorageItems(path: string, search: string) {
  return useQuery(storageItemsQueryOptions(path, search));
}

/** POST /api/v1/storage/folder */
export function createStorageFolder(pathFile: string): Promise<unknown> {
  return apiRequest('/api/v1/storage/folder', { method: 'POST', body: { pathFile } });
}

/**
 * POST /api/v1/storage/upload (multipart `file` and `pathFile`): a `pathFile` ending in '/' is
 * a folder the file goes into under its own name. An existing file answers 409 unless
 * `overwrite`.
 */
export function uploadStorageFile(input: {
  file: File;
  pathFile: string;
  overwrite?: boolean;
}): Promise<unknown> {
  const form = new FormData();
  form.append('pathFile', input.pathFile);
  form.append('file', input.file, input.file.name);
  return apiRequest('/api/v1/storage/upload', {
    method: 'POST',
    query: input.overwrite ? { overwrite: true } : undefined,
    body: form,
  });
}

/** DELETE /api/v1/storage?path= (a folder with everything in it). */
export function deleteStorageItem(path: string): Promise<unknown> {
  return apiRequest('/api/v1/storage', { method: 'DELETE', query: { path } });
}

/** GET /api/v1/storage/download?path=: the file's bytes and name. */
export function downloadStorageFile(path: string) {
  return apiDownload('/api/v1/storage/download', { path });
}
