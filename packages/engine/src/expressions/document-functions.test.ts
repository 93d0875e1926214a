import { describe, expect, it } from 'vitest';
import { evaluate } from './expressions';

const data = {
  msg: {
    payload: {
      cpf: '529 982 247 25',
      cpf_numero: 52998224725,
      cnpj: '12abc34501de35',
      telefone: '(11) 98765-4321',
      total: '1.234,56',
      criado_em: '2026-12-25T03:00:00Z',
    },
  },
  flow: {},
  vars: {},
};

const run = (expression: string) => evaluate(expression, data);

describe('$cpf and $cnpj', () => {
  it('format a valid document, say whether it is valid, or give its bare characters', async () => {
    expect(await run('$cpf(msg.payload.cpf)')).toBe('529.982.247-25');
    expect(await run('$cpf(msg.payload.cpf_numero, "digitos")')).toBe('52998224725');
    expect(await run('$cpf("529.982.247-24", "valido")')).toBe(false);
    expect(await run('msg.payload.cpf.$cpf()')).toBe('529.982.247-25');
    // Receita Federal's published alphanumeric example (documents.test.ts checks the method).
    expect(await run('$cnpj(msg.payload.cnpj)')).toBe('12.ABC.345/01DE-35');
    expect(await run('$cnpj("12.ABC.345/01DE-36", "valido")')).toBe(false);
    expect(await run('$cnpj(11222333000181)')).toBe('11.222.333/0001-81');
    expect(await run('$cnpj(6990590000123, "digitos")')).toBe('06990590000123');
  });

  it('fail with a pt-BR reason for an invalid document or an unknown mode', async () => {
    await expect(run('$cpf("529.982.247-24")')).rejects.toThrow(
      '$cpf: "529.982.247-24" não é um CPF válido.',
    );
    await expect(run('$cnpj("12.ABC.345/01DE-36")')).rejects.toThrow(
      '$cnpj: "12.ABC.345/01DE-36" não é um CNPJ válido.',
    );
    await expect(run('$cpf(msg.payload.cpf, "formatado")')).rejects.toThrow(
      '$cpf: o modo "formatado" não existe; use "valido" ou "digitos", ou nenhum.',
    );
  });

  it("give nothing for a missing field, and JSONata's translated error for a wrong type", async () => {
    expect(await run('$cpf(msg.payload.nada)')).toBeUndefined();
    await expect(run('$cpf(true)')).rejects.toThrow(
      'T0410: O argumento 1 da função "cpf" não corresponde à assinatura da função',
    );
  });
});

describe('$cep and $telefone', () => {
  it('format a CEP', async () => {
    expect(await run('$cep("01310100")')).toBe('01310-100');
    expect(await run('$cep(1310100)')).toBe('01310-100');
    expect(await run('$cep("0131-0100", "valido")')).toBe(false);
    await expect(run('$cep("0131")')).rejects.toThrow('$cep: "0131" não é um CEP válido.');
  });

  it('write a phone as E.164 and back as Brazil writes it', async () => {
    expect(await run('$telefone(msg.payload.telefone)')).toBe('+5511987654321');
    expect(await run('$telefone("+5511987654321", "nacional")')).toBe('(11) 98765-4321');
    expect(await run('$telefone(1133334444, "nacional")')).toBe('(11) 3333-4444');
    expect(await run('$telefone("(23) 3333-4444", "valido")')).toBe(false);
    await expect(run('$telefone("(23) 3333-4444")')).rejects.toThrow(
      '$telefone: "(23) 3333-4444" não é um telefone brasileiro válido',
    );
  });
});

describe('$moeda', () => {
  it('formats a number in reais and reads a text as a number', async () => {
    expect(await run('$moeda(1234.5)')).toBe('R$ 1.234,50');
    expect(await run('$moeda(msg.payload.total)')).toBe(1234.56);
    expect(await run('$moeda("R$ 1.234,56") + 0.44')).toBe(1235);
    expect(await run('$moeda("-R$ 0,50")')).toBe(-0.5);
    expect(await run('$moeda($moeda("1.234,56") * 2)')).toBe('R$ 2.469,12');
    await expect(run('$moeda("doze reais")')).rejects.toThrow(
      '$moeda: "doze reais" não é um valor em reais (ex.: 1.234,56).',
    );
  });
});

describe('long texts', () => {
  it('are no document, amount or date, and the message quotes 40 characters of them', async () => {
    // 200 000 digits and a letter: the number pattern would backtrack over them natively.
    const data = { msg: { payload: `${'1'.repeat(200_000)}x` }, flow: {}, vars: {} };
    await expect(evaluate('$moeda(msg.payload)', data)).rejects.toThrow(
      `$moeda: "${'1'.repeat(40)}…" não é um valor em reais (ex.: 1.234,56).`,
    );
    expect(await evaluate('$cpf(msg.payload, "valido")', data)).toBe(false);
    expect(await evaluate('$telefone(msg.payload, "valido")', data)).toBe(false);
    await expect(evaluate('$dataBR(msg.payload)', data)).rejects.toThrow('$dataBR: "1111');
  });
});

describe('$dataBR', () => {
  it('writes an instant as the day in São Paulo, with the time when asked', async () => {
    expect(await run('$dataBR(msg.payload.criado_em)')).toBe('25/12/2026');
    expect(await run('$dataBR("2026-12-25T02:59:00Z", true)')).toBe('24/12/2026 23:59');
    expect(await run('$dataBR($toMillis("2026-12-25T15:05:00Z"), true)')).toBe('25/12/2026 12:05');
  });

  it('reads DD/MM/YYYY as an ISO date, and with a time as the instant', async () => {
    expect(await run('$dataBR("25/12/2026")')).toBe('2026-12-25');
    expect(await run('$dataBR("25/12/2026 10:30")')).toBe('2026-12-25T13:30:00.000Z');
    await expect(run('$dataBR("31/02/2026")')).rejects.toThrow(
      '$dataBR: "31/02/2026" não é uma data',
    );
  });
});

describe('the examples of docs/brasil.md, "Documentos nas expressões"', () => {
  it('give what the table says', async () => {
    const table: [string, unknown][] = [
      ['$cpf("529 982 247 25")', '529.982.247-25'],
      ['$cpf(52998224725, "digitos")', '52998224725'],
      ['$cpf("529.982.247-24", "valido")', false],
      ['$cnpj("12abc34501de35")', '12.ABC.345/01DE-35'],
      ['$cnpj(6990590000123, "digitos")', '06990590000123'],
      ['$cep("01310100")', '01310-100'],
      ['$telefone("(11) 98765-4321")', '+5511987654321'],
      ['$telefone("+5511987654321", "nacional")', '(11) 98765-4321'],
      ['$telefone("(23) 3333-4444", "valido")', false],
      ['$moeda(1234.5)', 'R$ 1.234,50'],
      ['$moeda("R$ 1.234,56")', 1234.56],
      ['$dataBR("2026-12-25T03:00:00Z")', '25/12/2026'],
      ['$dataBR("2026-12-25T02:59:00Z", true)', '24/12/2026 23:59'],
      ['$dataBR("25/12/2026")', '2026-12-25'],
      ['$dataBR("25/12/2026 10:30")', '2026-12-25T13:30:00.000Z'],
      ['$moeda("1234,56")', 1234.56],
      ['$moeda("R$ 10,00")', 10],
      ['$moeda("1.234")', 1234],
      ['$dataBR("2026-12-25")', '25/12/2026'],
    ];
    for (const [expression, expected] of table)
      expect(await run(expression), expression).toEqual(expected);
  });
});
