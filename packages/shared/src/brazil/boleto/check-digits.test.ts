import { describe, expect, it } from 'vitest';
import { bankModulo11, collectionModulo11, modulo10 } from './check-digits';

describe('check digits', () => {
  it('módulo 10 sums the digits of each product (FEBRABAN arrecadação layout, "Módulo 10")', () => {
    // The first field of the Banco do Brasil example below: 0019 0 5009 → 5.
    expect(modulo10('001905009')).toBe(5);
    // A sum that is already a multiple of 10 gives 0, never 10: '19' → 9·2 = 18 → 1 + 8, + 1.
    expect(modulo10('0')).toBe(0);
    expect(modulo10('19')).toBe(0);
    // 9 × 2 = 18 counts 1 + 8: '9' → 9 + … → 10 - 9 = 1.
    expect(modulo10('9')).toBe(1);
  });

  it('módulo 11 of arrecadação gives 0 for a remainder of 0 or 1', () => {
    // Worked example of módulo 11 with weights 2-9 ("O que é o código de barras Febraban",
    // https://blog.mgitech.com.br/blog/bid/112761): 5555555555 → sum 245, remainder 3, 8.
    expect(collectionModulo11('5555555555')).toBe(8);
    // '11' → 1·3 + 1·2 = 5: 11 - 5 = 6; '0' → remainder 0 → 0; '6' → 12, remainder 1 → 0.
    expect(collectionModulo11('11')).toBe(6);
    expect(collectionModulo11('0')).toBe(0);
    expect(collectionModulo11('6')).toBe(0);
  });

  it("a bank barcode's general digit is 1 where módulo 11 would give 0, 10 or 11", () => {
    // Worked example of módulo 11 with weights 2-9 in the documentation of the boleto_bancario
    // gem (rubydoc.info, Modulo11FatorDe2a9): 89234560 → 234, remainder 3, 8.
    expect(bankModulo11('89234560')).toBe(8);
    expect(bankModulo11('0')).toBe(1);
    expect(bankModulo11('6')).toBe(1);
    // '5' → 10, remainder 10, 11 - 10 = 1.
    expect(bankModulo11('5')).toBe(1);
  });
});
