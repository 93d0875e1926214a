import { describe, expect, it } from 'vitest';
import { resolveTemplate } from './expressions';
import { scanTemplate } from './template-scan';

const data = { msg: { payload: { nome: 'Ana', total: 150 } }, flow: {}, vars: {} };

describe('{{ … }} templates', () => {
  it('find the end of an expression that holds }} itself', async () => {
    expect(await resolveTemplate('Total: {{ {"a": {"b": 1}}.a.b }} item', data)).toBe(
      'Total: 1 item',
    );
    expect(await resolveTemplate('{{ {"pedido": {"total": msg.payload.total}} }}', data)).toEqual({
      pedido: { total: 150 },
    });
    expect(await resolveTemplate('[{{ $replace("a}}b", "}}", "-") }}]', data)).toBe('[a-b]');
    expect(await resolveTemplate('[{{ \'x}}\' & "y\\"}}" }}]', data)).toBe('[x}}y"}}]');
    expect(await resolveTemplate('[{{ /* fecha }} */ msg.payload.nome }}]', data)).toBe('[Ana]');
    expect(await resolveTemplate('[{{ $contains("a}}", /\\}\\}/) }}]', data)).toBe('[true]');
    expect(await resolveTemplate('{{ msg.payload.`no}}me` }}!', data)).toBe('!');
    expect(await resolveTemplate('{{ msg.payload.total / 2 }} e {{ 1 }}', data)).toBe('75 e 1');
  });

  it('keep everything else as before', async () => {
    expect(scanTemplate('sem expressão')).toEqual([{ text: 'sem expressão' }]);
    expect(scanTemplate('a {{ b')).toEqual([{ text: 'a {{ b' }]);
    expect(scanTemplate('{{a}}{{b}}')).toEqual([{ expression: 'a' }, { expression: 'b' }]);
    expect(await resolveTemplate('Olá {{ msg.payload.nome }}, {{ "}" }}', data)).toBe('Olá Ana, }');
    expect(await resolveTemplate('  {{ msg.payload.total }} ', data)).toBe(150);
  });

  it('end an expression the scan cannot close at the first }}, and JSONata says why', async () => {
    expect(scanTemplate('{{ "aberto }} fim')).toEqual([
      { expression: ' "aberto ' },
      { text: ' fim' },
    ]);
    await expect(resolveTemplate('{{ "aberto }} fim', data)).rejects.toThrow(
      'S0101: O texto entre aspas precisa terminar com a mesma aspa que o abriu (posição 7)',
    );
    await expect(resolveTemplate('x {{ {"a": 1 }} y', data)).rejects.toThrow(
      'S0203: Esperava "}" antes do fim da expressão',
    );
  });

  it('split a text crafted against the scan without reading it over and over', () => {
    // Every scan here opens more braces than it closes and would read to the end of the text.
    const parts = scanTemplate('{{{}}'.repeat(200_000));
    expect(parts).toHaveLength(200_000);
    expect(parts[0]).toEqual({ expression: '{' });
  });
});
