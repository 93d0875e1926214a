/**
 * Combining diacritical marks (U+0300–U+036F): what is left of an accent once a letter is
 * decomposed ('ç' is 'c' and U+0327). The database's `ponte_fold` strips the same range
 * (docs/adr/0079), so a search finds the same in the browser, the engine and SQL.
 */
const combiningMarks = /[\u0300-\u036f]/g;

/**
 * Lower case without accents: how every search compares texts ('Saudação' and 'saudacao',
 * 'LOGÍSTICA' and 'logistica' are the same). Letters that carry no separable accent ('ß', 'ø')
 * are kept as they are.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(combiningMarks, '').toLowerCase();
}

/** True when `text` contains `search`, case and accents aside. An empty search matches all. */
export function matchesSearch(text: string, search: string): boolean {
  return foldForSearch(text).includes(foldForSearch(search));
}
