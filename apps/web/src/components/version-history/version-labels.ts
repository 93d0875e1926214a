import { messages } from '@ponte/shared/messages';

const m = messages.versions;

/**
 * The pt-BR names of a resource's fields, by path: 'name', 'fields' (a list), 'fields.*' (one
 * item of it, numbered from 1: 'Campo' gives 'Campo 2') and 'fields.*.label'. A key without a
 * name is shown as it is.
 */
export type VersionLabels = Readonly<Record<string, string>>;

/** 'Campo 2 › Label' for ['fields', 1, 'label']. */
export function labelOfPath(path: readonly (string | number)[], labels: VersionLabels): string {
  if (path.length === 0) return m.wholeDocument;
  const parts: string[] = [];
  let pattern = '';
  for (const segment of path) {
    const key = typeof segment === 'number' ? '*' : segment;
    pattern = pattern ? `${pattern}.${key}` : key;
    const label = labels[pattern];
    if (typeof segment === 'number') {
      // A named item stands for its list ('Campos › Campo 2' reads 'Campo 2').
      if (label) parts.splice(-1, 1, `${label} ${segment + 1}`);
      else parts.push(m.item(segment + 1));
    } else parts.push(label ?? segment);
  }
  return parts.join(' › ');
}
