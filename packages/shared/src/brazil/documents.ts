/**
 * Brazilian documents as Brazil issues them and as people type them (docs/adr/0077): CPF,
 * CNPJ numeric and alphanumeric, CEP. One implementation for the forms' validations and
 * masks, on the page and on the server.
 */

/**
 * A check digit of CPF and CNPJ: each character valued by its ASCII code minus 48 (so '0'-'9'
 * are 0-9 and 'A'-'Z' 17-42), times its weight, summed; remainder of 11 under 2 gives 0,
 * otherwise 11 minus the remainder. Receita Federal, "Cálculo do DV do CNPJ alfanumérico".
 */
function checkDigit(chars: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, i) => total + (chars.charCodeAt(i) - 48) * weight, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Weights 2..9 from the right, cycling, for `length` characters (CNPJ); CPF's run 2..11. */
const cnpjWeights = (length: number) =>
  Array.from({ length }, (_, i) => ((length - 1 - i) % 8) + 2);

/** A CPF as people type it: '529.982.247-25', '52998224725', '529 982 247 25', '529982247-25'. */
const cpfShape = /^\d{3}[. ]?\d{3}[. ]?\d{3}[- ]?\d{2}$/;

/** A CPF with both check digits right (all-equal digits refused). */
export function isCpf(value: string): boolean {
  const text = value.trim();
  if (!cpfShape.test(text)) return false;
  const digits = text.replace(/\D/g, '');
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[9]) && second === Number(digits[10]);
}

/**
 * A CNPJ as people type it, numeric ('11.222.333/0001-81') or alphanumeric since July 2026
 * ('12.ABC.345/01DE-35'): 12 letters or digits, then 2 check digits; separators optional,
 * letters in either case.
 */
const cnpjShape = /^[0-9A-Z]{2}[. ]?[0-9A-Z]{3}[. ]?[0-9A-Z]{3}[/ ]?[0-9A-Z]{4}[- ]?\d{2}$/i;

/** The 14 characters of a CNPJ, upper-cased, without separators ('' when not shaped as one). */
export function cnpjCharacters(value: string): string {
  const text = value.trim();
  return cnpjShape.test(text) ? text.replace(/[^0-9A-Za-z]/g, '').toUpperCase() : '';
}

/** The two check digits of a CNPJ's 12 first characters (letters upper-case). */
export function cnpjCheckDigits(base: string): string {
  const first = checkDigit(base, cnpjWeights(12));
  const second = checkDigit(`${base}${first}`, cnpjWeights(13));
  return `${first}${second}`;
}

/** A CNPJ, numeric or alphanumeric, with both check digits right (all-equal refused). */
export function isCnpj(value: string): boolean {
  const chars = cnpjCharacters(value);
  if (!chars || /^(.)\1{13}$/.test(chars)) return false;
  return cnpjCheckDigits(chars.slice(0, 12)) === chars.slice(12);
}

/** A CEP as people type it: '01310-100', '01310100', '01.310-100', '01310 100'. */
export function isCep(value: string): boolean {
  return /^\d{2}\.?\d{3}[- ]?\d{3}$/.test(value.trim());
}

/** The 11 digits of a valid CPF typed as above, or null. */
export function cpfDigits(value: string): string | null {
  return isCpf(value) ? value.replace(/\D/g, '') : null;
}

/** '529.982.247-25' from the 11 digits of a CPF. */
export function formatCpf(digits: string): string {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** '12.ABC.345/01DE-35' from the 14 characters of a CNPJ (`cnpjCharacters`). */
export function formatCnpj(chars: string): string {
  return `${chars.slice(0, 2)}.${chars.slice(2, 5)}.${chars.slice(5, 8)}/${chars.slice(8, 12)}-${chars.slice(12)}`;
}

/** The 8 digits of a CEP typed as above, or null. */
export function cepDigits(value: string): string | null {
  return isCep(value) ? value.replace(/\D/g, '') : null;
}

/** '01310-100' from the 8 digits of a CEP. */
export function formatCep(digits: string): string {
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}
