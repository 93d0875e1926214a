import { describe, expect, it } from 'vitest';
import { createFakePorts } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { boletoNode } from './boleto.node.ts';

// An Itaú boleto built by the layout (R$ 1.234,56 due 25/12/2026, after the 2025 restart of
// the due-date factor); its check digits are checked against hand-worked values in
// packages/shared/src/brazil/boleto/boleto.test.ts.
const line = '34191.57007 12345.612340 56789.012301 8 16710000123456';
const barcode = '34198167100001234561570012345612345678901230';

async function run(operation: string, boleto: string) {
  const { emitted } = await runNode(boletoNode, {
    input: { payload: { boleto } },
    params: { operation, boleto: '{{ msg.payload.boleto }}' },
  });
  return emitted;
}

describe('core_boleto', () => {
  it('reads a linha digitável out by "Válido", with the boleto in msg.boleto', async () => {
    const [emitted] = await run('read', line);
    expect(emitted!.output).toBe('valid');
    expect(emitted!.msg).toMatchObject({
      payload: { boleto: line },
      boleto: {
        valido: true,
        tipo: 'bancario',
        banco: { codigo: '341', nome: 'Itaú Unibanco S.A.' },
        valor: 1234.56,
        vencimento: '2026-12-25',
        codigo_barras: barcode,
        linha_digitavel: line.replace(/\D/g, ''),
      },
    });
  });

  it('places the due-date factor around the execution clock', async () => {
    const ports = createFakePorts();
    ports.time = Date.parse('2008-01-10T12:00:00Z');
    const { emitted } = await runNode(boletoNode, {
      ports,
      params: { operation: 'read', boleto: '00193373700000001000500940144816060680935031' },
    });
    expect(emitted[0]!.msg.boleto).toMatchObject({ vencimento: '2007-12-31' });
  });

  it('goes out by "Inválido" with the reason, never failing the execution', async () => {
    const [emitted] = await run('read', line.replace('8 1671', '7 1671'));
    expect(emitted).toEqual({
      output: 'invalid',
      msg: {
        payload: { boleto: line.replace('8 1671', '7 1671') },
        boleto: {
          valido: false,
          erro: 'O dígito verificador geral do boleto (5ª posição do código de barras, campo 4 da linha digitável) está errado: é 7, deveria ser 8.',
        },
      },
    });
  });

  it('converts only from the form the operation names', async () => {
    const [toLine] = await run('barcode_to_line', barcode);
    expect(toLine!.output).toBe('valid');
    expect(toLine!.msg.boleto).toMatchObject({ linha_digitavel: line.replace(/\D/g, '') });
    const [toBarcode] = await run('line_to_barcode', line);
    expect(toBarcode!.msg.boleto).toMatchObject({ codigo_barras: barcode });
    const [wrongForm] = await run('barcode_to_line', line);
    expect(wrongForm).toMatchObject({
      output: 'invalid',
      msg: {
        boleto: { erro: 'Informe o código de barras do boleto, de 44 dígitos (o texto tem 47).' },
      },
    });
  });
});
