import { describe, expect, it } from 'vitest';
import { titularNeedles } from '@ponte/shared/lgpd/personal-data-mask';
import { countInValue, scrubValue, titularMatcher } from './titular-matcher';

const matcherOf = (query: string) => titularMatcher(titularNeedles(query)!);

describe('a titular matcher', () => {
  const cpf = matcherOf('529.982.247-25');

  it('finds a CPF written either way, and its masked form apart', () => {
    expect(cpf.count('CPF 529.982.247-25 e 52998224725')).toEqual({ exact: 2, masked: 0 });
    expect(cpf.count('CPF ***.982.247-** no log')).toEqual({ exact: 0, masked: 1 });
  });

  it('does not take a CPF inside a longer number', () => {
    expect(cpf.count('pedido 9952998224725')).toEqual({ exact: 0, masked: 0 });
    expect(cpf.count('529982247251')).toEqual({ exact: 0, masked: 0 });
  });

  it('finds an e-mail ignoring case, but not inside a longer address', () => {
    const email = matcherOf('ana@exemplo.com');
    expect(email.count('De: ANA@Exemplo.com.')).toEqual({ exact: 1, masked: 0 });
    expect(email.count('joana@exemplo.com e ana@exemplo.com.br')).toEqual({ exact: 0, masked: 0 });
    expect(email.count('a***@exemplo.com')).toEqual({ exact: 0, masked: 1 });
  });

  it('anonymises a JSON value: strings keep their text around, a number becomes a string', () => {
    const value = { nome: 'Ana', doc: 52998224725, obs: ['cpf 529.982.247-25!', '***.982.247-**'] };
    expect(countInValue(cpf, value)).toEqual({ exact: 2, masked: 1 });
    const scrubbed = scrubValue(cpf, value);
    expect(scrubbed).toEqual({
      nome: 'Ana',
      doc: '[removido]',
      obs: ['cpf [removido]!', '[removido]'],
    });
    expect(countInValue(cpf, scrubbed)).toEqual({ exact: 0, masked: 0 });
  });

  it('gives the database a pattern that filters texts holding any writing', () => {
    expect(new RegExp(cpf.pattern, 'i').test('x 52998224725 y')).toBe(true);
    expect(new RegExp(cpf.pattern, 'i').test('***.982.247-**')).toBe(true);
    expect(new RegExp(cpf.pattern, 'i').test('529.982.247-00')).toBe(false);
  });

  describe('a phone', () => {
    const phone = matcherOf('(11) 98765-4321');
    // Writings the detector takes for the same phone, beyond the usual ones, and their masks.
    const writings = ['11 98765 4321', '(11) 9 8765-4321', '+55 11 987654321', '55-11-9-8765-4321'];
    const masks = ['11 ***** 4321', '(11) * ****-4321', '+55 11 *****4321', '55-11-*-****-4321'];

    it('finds every writing the detector takes for it, and each one masked', () => {
      for (const written of writings) {
        expect(phone.count(`Tel: ${written}.`), written).toEqual({ exact: 1, masked: 0 });
        expect(phone.scrub(`Tel: ${written}.`), written).toBe('Tel: [removido].');
      }
      for (const written of masks) {
        expect(phone.count(`Tel: ${written}.`), written).toEqual({ exact: 0, masked: 1 });
        expect(phone.scrub(`Tel: ${written}.`), written).toBe('Tel: [removido].');
      }
      expect(phone.count('+55 (11) 98765-4321 e (11)98765-4321')).toEqual({ exact: 2, masked: 0 });
    });

    it('does not take another phone, nor one inside a longer number', () => {
      expect(phone.count('(21) 98765-4321 e 11 98765-4322')).toEqual({ exact: 0, masked: 0 });
      expect(phone.count('119876543210')).toEqual({ exact: 0, masked: 0 });
      expect(phone.count('(11) ****-4321')).toEqual({ exact: 0, masked: 0 });
    });

    it('gives the filters what every writing holds', () => {
      const filter = new RegExp(phone.pattern, 'i');
      for (const written of [...writings, ...masks]) {
        expect(filter.test(`x ${written} y`), written).toBe(true);
        expect(
          phone.needles.some((needle) => written.includes(needle)),
          written,
        ).toBe(true);
      }
      expect(filter.test('(11) 98765-1234')).toBe(false);
    });
  });
});
