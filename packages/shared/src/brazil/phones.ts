/**
 * Brazilian phone numbers as people type them (docs/adr/0077): with or without '+55' or '55',
 * the area code in parentheses or not, spaces or a hyphen between the parts. Only the area
 * codes ANATEL assigns are accepted.
 */

/**
 * The 67 area codes (DDD) in use: ANATEL, "Códigos Nacionais" of the Plano Geral de
 * Códigos Nacionais (Resolução nº 263/2001 and its annex, as updated).
 */
export const brazilianAreaCodes: readonly number[] = [
  ...range(11, 19),
  21,
  22,
  24,
  27,
  28,
  ...range(31, 35),
  37,
  38,
  ...range(41, 46),
  ...range(47, 49),
  51,
  ...range(53, 55),
  ...range(61, 69),
  71,
  ...range(73, 75),
  77,
  79,
  ...range(81, 89),
  ...range(91, 99),
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** '+55 (11) 91234-5678', '55 11 3333 4444', '(11) 91234 5678', '1133334444'… */
const phoneShape = /^(?:\+?55[ -]?)?(?:\((\d{2})\)|(\d{2}))[ -]?(\d{4,5})[ -]?(\d{4})$/;

/** A phone's area code and local number (8 or 9 digits), or null when not shaped as one. */
function phoneParts(value: string): { areaCode: number; number: string } | null {
  const match = phoneShape.exec(value.trim());
  if (!match) return null;
  const areaCode = Number(match[1] ?? match[2]);
  if (!brazilianAreaCodes.includes(areaCode)) return null;
  return { areaCode, number: `${match[3]}${match[4]}` };
}

/** A landline: a valid DDD and 8 digits starting 2 to 5. */
export function isLandline(value: string): boolean {
  const parts = phoneParts(value);
  return !!parts && /^[2-5]\d{7}$/.test(parts.number);
}

/** A mobile: a valid DDD and 9 digits starting 9. */
export function isMobile(value: string): boolean {
  const parts = phoneParts(value);
  return !!parts && /^9\d{8}$/.test(parts.number);
}

/** A landline or a mobile as E.164, '+5511987654321'; null when it is neither. */
export function phoneToE164(value: string): string | null {
  const parts = phoneParts(value);
  if (!parts || !/^(?:[2-5]\d{7}|9\d{8})$/.test(parts.number)) return null;
  return `+55${parts.areaCode}${parts.number}`;
}

/** A landline or a mobile as Brazil writes it, '(11) 98765-4321'; null when it is neither. */
export function formatPhoneNational(value: string): string | null {
  const e164 = phoneToE164(value);
  if (!e164) return null;
  const number = e164.slice(5);
  return `(${e164.slice(3, 5)}) ${number.slice(0, -4)}-${number.slice(-4)}`;
}
