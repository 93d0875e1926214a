import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { resolveParams } from './resolve-params';

const data = { msg: { payload: { n: '42', lista: [1, 2], ativo: true } }, flow: {}, vars: {} };

describe('resolveParams', () => {
  it('fills defaults, evaluates expressions and coerces to the param kind', async () => {
    const specs: Record<string, ParamSpec> = {
      url: { type: 'text', label: 'URL', required: true },
      vezes: { type: 'number', label: 'Vezes' },
      ligado: { type: 'boolean', label: 'Ligado' },
      corpo: { type: 'textarea', label: 'Corpo', valueType: 'any' },
      metodo: {
        type: 'select',
        label: 'Método',
        options: [{ label: 'GET', value: 'GET' }],
        default: 'GET',
      },
    };
    const params = await resolveParams(
      specs,
      {
        url: 'https://api.exemplo.com/{{ msg.payload.n }}',
        vezes: '{{ msg.payload.n }}',
        ligado: '{{ msg.payload.ativo }}',
        corpo: '{{ msg.payload.lista }}',
      },
      data,
    );
    expect(params).toEqual({
      url: 'https://api.exemplo.com/42',
      vezes: 42,
      ligado: true,
      corpo: [1, 2],
      metodo: 'GET',
    });
  });

  it('turns a whole-expression value into text for a string param', async () => {
    const params = await resolveParams(
      { texto: { type: 'text', label: 'Texto' } },
      { texto: '{{ msg.payload.lista }}' },
      data,
    );
    expect(params.texto).toBe('[1,2]');
  });

  it('never reads JavaScript code as a template', async () => {
    const code = 'return { valor: `{{ não é expressão }}` };';
    const params = await resolveParams(
      { code: { type: 'code-editor', label: 'Código', language: 'javascript' } },
      { code },
      data,
    );
    expect(params.code).toBe(code);
  });

  it('resolves table cells, keeping the type of whole expressions', async () => {
    const params = await resolveParams(
      {
        values: {
          type: 'table-params',
          label: 'Valores',
          columns: [
            { key: 'path', label: 'Caminho', type: 'text' },
            { key: 'value', label: 'Valor', type: 'text' },
          ],
        },
      },
      { values: [{ path: 'payload.total', value: '{{ $number(msg.payload.n) + 1 }}' }] },
      data,
    );
    expect(params.values).toEqual([{ path: 'payload.total', value: 43 }]);
  });

  it('reads a number param typed or resolved as text the way Brazilians type it', async () => {
    const spec: Record<string, ParamSpec> = {
      limite: { type: 'number', label: 'Limite' },
      valor: { type: 'number', label: 'Valor' },
      taxa: { type: 'number', label: 'Taxa' },
    };
    const params = await resolveParams(
      spec,
      { limite: '30.000', valor: '{{ "1.234," & "56" }}', taxa: '0.5' },
      data,
    );
    expect(params).toEqual({ limite: 30000, valor: 1234.56, taxa: 0.5 });
    // Text from data, where programs write a decimal point, keeps the point's meaning.
    const fromData = await resolveParams(
      spec,
      { limite: '1.500', valor: '{{ "10.500" }}', taxa: '{{ "1.234,5" }}' },
      data,
    );
    expect(fromData).toEqual({ limite: 1500, valor: 10.5, taxa: 1234.5 });
    await expect(resolveParams(spec, { valor: '1,234.56' }, data)).rejects.toThrow(
      'O parâmetro "valor" deve ser um número.',
    );
  });

  it('names the param that is missing, not a number, or out of range', async () => {
    const spec: Record<string, ParamSpec> = {
      tentativas: { type: 'number', label: 'Tentativas', required: true, min: 0, max: 10 },
    };
    await expect(resolveParams(spec, {}, data)).rejects.toThrow(
      'O parâmetro obrigatório "Tentativas" (tentativas) não foi preenchido.',
    );
    await expect(resolveParams(spec, { tentativas: 'muitas' }, data)).rejects.toThrow(
      'O parâmetro "tentativas" deve ser um número.',
    );
    await expect(resolveParams(spec, { tentativas: 11 }, data)).rejects.toThrow(
      'O parâmetro "tentativas" deve ser no máximo 10.',
    );
  });
});
