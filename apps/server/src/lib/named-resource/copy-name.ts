import { messages } from '@ponte/shared/messages';

/**
 * `<name> (cópia)`, the name shortened so that the suffix always fits in `maxLength` (the
 * area's name limit in `@ponte/shared/limits`): a copy of a name at the limit is still a name
 * the area accepts, and it always reads as a copy.
 */
export function copyName(name: string, maxLength: number): string {
  const suffix = messages.flows.copyName('');
  return messages.flows.copyName(name.slice(0, Math.max(0, maxLength - suffix.length)));
}
