import { normaliseStoragePath } from '@ponte/shared/storage.schema';
import { messages } from '@ponte/shared/messages';

/**
 * A storage path given to a node: the text of the param, or a file reference `{path, …}` an
 * expression took from the message. Normalised with the storage's rules (pt-BR refusals).
 */
export function storagePathParam(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const path = (value as { path?: unknown }).path;
    if (typeof path !== 'string') throw new Error(messages.storage.pathRequired);
    return normaliseStoragePath(path);
  }
  if (typeof value === 'number') return normaliseStoragePath(String(value));
  if (typeof value !== 'string') throw new Error(messages.storage.pathRequired);
  return normaliseStoragePath(value);
}

/** The `path` param every storage node has, a text that may hold a reference `{path}`. */
export const storagePathParamSpec = (placeholder: string, description: string) => ({
  type: 'text' as const,
  label: 'Caminho',
  required: true,
  valueType: 'any' as const,
  placeholder,
  description,
});
