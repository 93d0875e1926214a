import { describe, expect, it } from 'vitest';
import { checkPixKey } from './pix-keys';

describe('checkPixKey', () => {
  it.each([
    ['529.982.247-25', 'cpf', '52998224725'],
    ['52998224725', 'cpf', '52998224725'],
    ['11.222.333/0001-81', 'cnpj', '11222333000181'],
    // Alphanumeric CNPJ of the Receita Federal's example ("CNPJ alfanumérico", cálculo do DV).
    ['12.abc.345/01de-35', 'cnpj', '12ABC34501DE35'],
    [' Financeiro@Exemplo.COM.br ', 'email', 'financeiro@exemplo.com.br'],
    ['+55 (11) 91234-5678', 'telefone', '+5511912345678'],
    ['(21) 98765-4321', 'telefone', '+5521987654321'],
    ['123E4567-E12B-12D1-A456-426655440000', 'evp', '123e4567-e12b-12d1-a456-426655440000'],
  ])('reads %s as a %s key written %s', (key, tipo, chave) => {
    expect(checkPixKey(key)).toEqual({ valida: true, tipo, chave });
  });

  it.each([
    ['529.982.247-24', 'cpf', 'CPF inválido: os dígitos verificadores não conferem.'],
    ['111.111.111-11', 'cpf', 'CPF inválido'],
    ['11.222.333/0001-82', 'cnpj', 'CNPJ inválido: os dígitos verificadores não conferem.'],
    ['fulano@', 'email', 'E-mail inválido.'],
    [`${'a'.repeat(70)}@exemplo.com`, 'email', 'E-mail longo demais'],
    ['+1 415 555 0100', 'telefone', 'a chave Pix é um celular do Brasil (+55)'],
    ['+55 11 3333-4444', 'telefone', 'informe um celular com DDD'],
    ['+55 20 91234-5678', 'telefone', 'informe um celular com DDD'],
    ['123e4567-e12b-12d1-a456', null, 'Não é uma chave Pix'],
    ['  ', null, 'Informe a chave Pix.'],
  ])('refuses %s (%s) saying why', (key, tipo, motivo) => {
    const check = checkPixKey(key);
    expect(check.valida).toBe(false);
    expect(check).toMatchObject({ tipo });
    expect(check.valida ? '' : check.motivo).toContain(motivo);
  });

  it('tells how to write a mobile that was read as a CPF', () => {
    expect(checkPixKey('11912345678')).toEqual({
      valida: false,
      tipo: 'cpf',
      motivo:
        'CPF inválido: os dígitos verificadores não conferem. Se é um celular, escreva-o com +55.',
    });
    expect(checkPixKey('+5511912345678')).toMatchObject({ valida: true, tipo: 'telefone' });
  });

  it('checks the key as the type it was told', () => {
    expect(checkPixKey('52998224725', 'cnpj')).toMatchObject({ valida: false, tipo: 'cnpj' });
    expect(checkPixKey('11 91234-5678', 'telefone')).toMatchObject({ chave: '+5511912345678' });
    expect(checkPixKey('nada', 'evp')).toMatchObject({ valida: false, tipo: 'evp' });
  });
});
