import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { isCnpj, isCpf } from '../brazil/documents';
import { validateFieldValue } from './validators';

const m = messages.forms.public;

describe('CPF', () => {
  it('accepts real CPFs, masked, unmasked and as people type them', () => {
    for (const cpf of [
      '529.982.247-25',
      '52998224725',
      '111.444.777-35',
      '11144477735',
      '123 456 789 09',
      '123456789-09',
    ])
      expect(validateFieldValue('cpf', cpf), cpf).toBeNull();
    expect(isCpf('390.533.447-05')).toBe(true);
  });

  it('refuses a wrong check digit, all-equal digits and other shapes', () => {
    for (const cpf of [
      '529.982.247-24',
      '52998224715',
      '111.444.777-36',
      '111.111.111-11',
      '00000000000',
      '5299822472',
      '529982247251',
      '529.982.247.25',
      'abc.def.ghi-jk',
    ])
      expect(validateFieldValue('cpf', cpf), cpf).toBe(m.invalidCpf);
  });
});

describe('CNPJ', () => {
  it('accepts real CNPJs, numeric and alphanumeric, masked and unmasked', () => {
    for (const cnpj of [
      '11.222.333/0001-81',
      '11222333000181',
      '45.997.418/0001-53',
      '12.ABC.345/01DE-35',
      '12ABC34501DE35',
    ])
      expect(validateFieldValue('cnpj', cnpj), cnpj).toBeNull();
    expect(isCnpj('06990590000123')).toBe(true);
  });

  it('refuses a wrong check digit, all-equal digits and other shapes', () => {
    for (const cnpj of [
      '11.222.333/0001-82',
      '11222333000191',
      '11.111.111/1111-11',
      '00000000000000',
      '1122233300018',
      '11.222.333/0001.81',
      '12.ABC.345/01DE-36',
      '529.982.247-25',
    ])
      expect(validateFieldValue('cnpj', cnpj), cnpj).toBe(m.invalidCnpj);
  });
});

describe('validateFieldValue', () => {
  const cases: [Parameters<typeof validateFieldValue>[0], string[], string[], string][] = [
    [
      'email',
      ['ana@example.com', 'joao.silva+forms@empresa.com.br'],
      ['ana@', 'ana example.com', '@example.com', 'ana@example'],
      m.invalidEmail,
    ],
    [
      'telefone_br',
      ['(11) 3333-4444', '1133334444', '(21) 2555-0000', '11 5333-4444', '+55 11 3333 4444'],
      [
        '(11) 93333-4444',
        '(01) 3333-4444',
        '(10) 3333-4444',
        '(20) 3333-4444',
        '(11) 6333-4444',
        '113333444',
      ],
      m.invalidPhone,
    ],
    [
      'celular_br',
      [
        '(11) 98765-4321',
        '11987654321',
        '(99) 91234-5678',
        '(11) 91234 5678',
        '+55 (11) 91234-5678',
        '5511912345678',
      ],
      [
        '(11) 88765-4321',
        '(11) 3333-4444',
        '(01) 98765-4321',
        '(23) 98765-4321',
        '1198765432',
        '119876543210',
      ],
      m.invalidMobile,
    ],
    [
      'date_br',
      ['31/12/2025', '29/02/2024', '01/01/1900'],
      ['31/02/2025', '29/02/2025', '32/01/2025', '01/13/2025', '2025-12-31', '1/1/2025'],
      m.invalidDate,
    ],
    [
      'datetime_br',
      ['31/12/2025 23:59', '01/01/2026 00:00'],
      [
        '31/12/2025',
        '31/02/2025 10:00',
        '31/12/2025 24:00',
        '31/12/2025T10:00',
        '31/12/2025 10:60',
      ],
      m.invalidDateTime,
    ],
    ['time', ['00:00', '23:59', '09:05'], ['24:00', '12:60', '9:05', '0905'], m.invalidTime],
    [
      'cep',
      ['01310-100', '01310100', '01.310-100'],
      ['0131-0100', '1310100', '01310-10', 'abcde-fgh'],
      m.invalidCep,
    ],
    [
      'url',
      ['https://ponte.example.com/a?b=1', 'http://localhost:8080'],
      ['ftp://example.com', 'example.com', 'https://', 'javascript:alert(1)'],
      m.invalidUrl,
    ],
    [
      'number',
      ['1.234,56', '1234.56', '-3', '1234,5', '0', '1.234.567', '1.234.567,89', '-1.234'],
      ['1,234.56', 'abc', '1.23.4', '12a', '1,2,3', '--3'],
      m.invalidNumber,
    ],
  ];

  for (const [validation, valid, invalid, message] of cases) {
    it(`${validation}: accepts valid values and refuses the others with its message`, () => {
      for (const value of valid) expect(validateFieldValue(validation, value), value).toBeNull();
      for (const value of invalid)
        expect(validateFieldValue(validation, value), value).toBe(message);
    });
  }

  it('lets an empty value and no validation pass', () => {
    expect(validateFieldValue('cpf', '')).toBeNull();
    expect(validateFieldValue('email', '   ')).toBeNull();
    expect(validateFieldValue('', 'anything')).toBeNull();
  });
});
