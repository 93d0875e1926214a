/**
 * A name, a city or an additional information as a BR Code may carry it: accents removed
 * ('São José' → 'Sao Jose'), and only the characters the "Manual do BR Code" (Banco Central do
 * Brasil) lists kept: letters A-Z (either case, as the Pix manual's own examples write them),
 * digits, space and $ % * + - . / :. Anything else is dropped; runs of spaces become one.
 */
export function brCodeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 $%*+\-./:]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
