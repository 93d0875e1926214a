/**
 * A name, a city or an additional information as a BR Code may carry it. These are EMV "ans"
 * fields (EMVCo QR Code Specification for Payment Systems, Merchant-Presented Mode, "ans": the
 * Common Character Set, printable ASCII 0x20-0x7E), which the Manual do BR Code adopts: accents
 * are removed ('São José' → 'Sao Jose'), every other character outside printable ASCII is
 * dropped ('&', ',' and ''' stay), runs of spaces become one.
 */
export function brCodeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
