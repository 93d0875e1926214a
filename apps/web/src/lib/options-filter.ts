import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { foldForSearch } from '@ponte/shared/search-text';

/**
 * The options a searchable select offers for what was typed: Mantine's own rule (the label
 * holds the text, at most `limit`, groups kept) with case and accents aside, as every search
 * of the product ('sao paulo' offers 'São Paulo'; docs/adr/0079). Groups left empty are left out.
 */
export const accentInsensitiveFilter: OptionsFilter = ({ options, search, limit }) => {
  const wanted = foldForSearch(search.trim());
  const pick = (items: ComboboxParsedItem[], room: number): ComboboxParsedItem[] => {
    const picked: ComboboxParsedItem[] = [];
    for (const item of items) {
      if (picked.length >= room) break;
      if ('group' in item) {
        const inner = pick(item.items, room - picked.length) as ComboboxItem[];
        if (inner.length) picked.push({ group: item.group, items: inner });
      } else if (foldForSearch(item.label).includes(wanted)) picked.push(item);
    }
    return picked;
  };
  return pick(options, limit);
};
