import { readBankBarcode, readBankLine, type BankBoleto } from './bank-boleto';
import { BoletoError, boletoMessages } from './boleto-messages';
import {
  readCollectionBarcode,
  readCollectionLine,
  type CollectionBoleto,
} from './collection-boleto';

export { BoletoError } from './boleto-messages';
export type { BankBoleto } from './bank-boleto';
export type { CollectionBoleto } from './collection-boleto';

/**
 * Boletos as people copy them (docs/adr/0118): the linha digitável of a bank boleto (47
 * digits) or of an arrecadação (48, starting with 8), or the barcode (44) of either. Spaces,
 * dots and hyphens are ignored; any other character is refused. Every check digit is checked,
 * and a wrong one is named with the digit it should be.
 */
export type Boleto = BankBoleto | CollectionBoleto;

/** The digits of a boleto as typed, without spaces, dots and hyphens. */
function digitsOf(text: string): string {
  const digits = text.replace(/[\s.-]/g, '');
  if (!digits) throw new BoletoError(boletoMessages.empty);
  const stray = /\D/.exec(digits);
  if (stray) throw new BoletoError(boletoMessages.notDigits(stray[0]));
  return digits;
}

/**
 * Reads a boleto from its linha digitável or its barcode. `today` ('YYYY-MM-DD' or epoch
 * milliseconds) places the due-date factor in its cycle (`due-date-factor.ts`). Throws a
 * `BoletoError` with the reason in pt-BR.
 */
export function readBoleto(text: string, today: string | number): Boleto {
  const digits = digitsOf(text);
  if (digits.length === 44)
    return digits[0] === '8' ? readCollectionBarcode(digits) : readBankBarcode(digits, today);
  if (digits.length === 47) return readBankLine(digits, today);
  if (digits.length === 48) {
    if (digits[0] !== '8') throw new BoletoError(boletoMessages.collectionStartsWith8);
    return readCollectionLine(digits);
  }
  throw new BoletoError(boletoMessages.length(digits.length));
}

/** The linha digitável (digits only) of a boleto's barcode; the barcode is checked first. */
export function boletoLineOf(barcode: string, today: string | number): string {
  const digits = digitsOf(barcode);
  if (digits.length !== 44) throw new BoletoError(boletoMessages.notBarcode(digits.length));
  return readBoleto(digits, today).linha_digitavel;
}

/** The barcode of a boleto's linha digitável; the linha's check digits are checked first. */
export function boletoBarcodeOf(line: string, today: string | number): string {
  const digits = digitsOf(line);
  if (digits.length !== 47 && digits.length !== 48)
    throw new BoletoError(boletoMessages.notLine(digits.length));
  return readBoleto(digits, today).codigo_barras;
}
