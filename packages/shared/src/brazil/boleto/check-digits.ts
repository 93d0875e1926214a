/**
 * The check digits of boletos, as FEBRABAN publishes them: "Layout Padrão de
 * Arrecadação/Recebimento com Utilização do Código de Barras" (arrecadação, sections on the
 * módulo 10 and módulo 11 DACs) and the banks' boleto specifications built on the Banco
 * Central's rules for the ficha de compensação (Carta-Circular 2.926/2000).
 */

/**
 * Módulo 10: from the right, digits weighted 2, 1, 2, 1…; the digits of each product summed
 * (14 counts 1 + 4); the check digit is what takes the sum to the next multiple of 10.
 */
export function modulo10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = (digits.charCodeAt(i) - 48) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** The weighted sum of módulo 11: from the right, weights 2 to 9, starting again at 2. */
function modulo11Rest(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += (digits.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum % 11;
}

/**
 * The general check digit of a bank boleto's barcode (its 5th position), over the 43 other
 * digits: 11 minus the remainder, and 1 when that gives 0, 10 or 11 (a bank barcode never
 * carries a 0 there).
 */
export function bankModulo11(digits: string): number {
  const digit = 11 - modulo11Rest(digits);
  return digit === 0 || digit >= 10 ? 1 : digit;
}

/**
 * Módulo 11 of arrecadação (convênios): 11 minus the remainder; a remainder of 0 or 1 gives
 * 0 (and 10, which 11 minus it already gives as 1).
 */
export function collectionModulo11(digits: string): number {
  const rest = modulo11Rest(digits);
  return rest < 2 ? 0 : 11 - rest;
}
