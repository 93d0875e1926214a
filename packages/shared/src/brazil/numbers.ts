/**
 * Numbers as people in Brazil type them (docs/adr/0077), read the same way by every input of
 * the app, the server's record checks and the engine's number params.
 *
 * - A comma is the decimal mark; dots before it group thousands: '1.234,56', '1234,56',
 *   '-1.234', '1.234.567,89'.
 * - Without a comma, dots that group digits in threes after a first group of 1 to 3 digits
 *   (not starting with 0) are thousands, as the records list writes them: '1.234' is one
 *   thousand two hundred thirty-four, '1.234.567' over a million.
 * - Any other single dot is a decimal point, as programs write numbers: '1234.56', '0.5',
 *   '1.5', '0.123'; so is an exponent ('1e-7', what `String(0.0000001)` gives).
 * - Spaces around the number and a leading '+' are ignored. Anything else is not a number.
 */
const sign = '([+-]?)';
/** A comma decimal: whole part plain or grouped by dots (or none: ',5'), then the decimals. */
const withComma = new RegExp(`^${sign}(\\d*|[1-9]\\d{0,2}(?:\\.\\d{3})+),(\\d*)$`);
/** Thousands grouped by dots, no decimals: '1.234', '-1.234.567'. */
const grouped = new RegExp(`^${sign}([1-9]\\d{0,2}(?:\\.\\d{3})+)$`);
/** A plain number as programs write it: '1234.56', '.5', '3.', '1e-7'. */
const plain = new RegExp(`^${sign}(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$`);

/** The number a person or a program typed, or null when the text is not one (see above). */
export function parseBrNumber(text: string): number | null {
  const value = text.trim();
  let result: number;
  const comma = withComma.exec(value);
  const thousands = grouped.exec(value);
  const program = plain.exec(value);
  if (comma) {
    const [, minus, whole, decimals] = comma;
    if (!whole && !decimals) return null;
    result = Number(`${minus}${whole!.replaceAll('.', '') || '0'}.${decimals || '0'}`);
  } else if (thousands) {
    result = Number(`${thousands[1]}${thousands[2]!.replaceAll('.', '')}`);
  } else if (program) {
    result = Number(value.replace(/^\+/, ''));
  } else return null;
  return Number.isFinite(result) ? result : null;
}

/** A whole number typed as above ('1.234' → 1234), or null when it is not one or not safe. */
export function parseBrInteger(text: string): number | null {
  const number = parseBrNumber(text);
  return number !== null && Number.isSafeInteger(number) ? number : null;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * An amount in reais as Brazil writes it, 'R$ 1.234,50' ('-R$ 0,50' below zero), rounded to
 * the cent; a plain space after 'R$' (Intl puts a no-break space), so the text compares and
 * searches as typed.
 */
export function formatBrl(amount: number): string {
  return brl.format(amount).replace(/\u00a0/g, ' ');
}
