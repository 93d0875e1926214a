import { describe, expect, it } from 'vitest';
import { evaluate, templateProblem } from '../../expressions/expressions';
import { jsToJsonata, splitTemplate, translateValue } from './expressions';

const data = (payload: unknown) => ({ msg: { payload }, flow: {}, vars: {} });

describe('n8n expressions become Ponte templates', () => {
  it('rewrites $json paths, brackets and indexes to msg.payload, keeping the type of a whole {{ }}', async () => {
    const { value, review } = translateValue('={{ $json["nome completo"] }}');
    expect(value).toBe('{{ msg.payload.`nome completo` }}');
    expect(review).toEqual([]);
    expect(translateValue('={{ $json.itens[0].preco }}').value).toBe(
      '{{ msg.payload.itens[0].preco }}',
    );
    expect(translateValue('={{ $input.item.json.total }}').value).toBe('{{ msg.payload.total }}');
    const jsonata = jsToJsonata('$json.itens[1].preco * 2 >= 10').jsonata;
    expect(await evaluate(jsonata, data({ itens: [{ preco: 1 }, { preco: 5 }] }))).toBe(true);
  });

  it('keeps text around the expressions and the text of a value without "="', () => {
    expect(translateValue('=Olá {{ $json.nome }}, pedido {{ $json.id }}!').value).toBe(
      'Olá {{ msg.payload.nome }}, pedido {{ msg.payload.id }}!',
    );
    expect(translateValue('sem expressão {{ aqui }}').value).toBe(
      'sem expressão {{ "{{" }} aqui }}',
    );
    expect(translateValue(42).value).toBe(42);
  });

  it('finds the end of an expression holding "}}" inside a string or an object', () => {
    expect(splitTemplate('a {{ "x}}y" }} b')).toEqual([
      { text: 'a ' },
      { code: '"x}}y"' },
      { text: ' b' },
    ]);
    expect(splitTemplate('{{ {a: {b: 1}} }}')).toEqual([{ code: '{a: {b: 1}}' }]);
  });

  it('names what has no exact equivalent and keeps it readable', () => {
    const other = translateValue('={{ $("Webhook").item.json.body.id }}');
    expect(other.value).toBe('{{ n8n: $("Webhook").item.json.body.id }}');
    expect(templateProblem(String(translateValue('={{ $prevNode.name }}').value))).not.toBeNull();
    expect(other.review[0]).toContain('$("Nó") lê a saída de outro nó');
    expect(translateValue('={{ $json.nome.toUpperCase() }}').review[0]).toContain(
      'chamada de função',
    );
    expect(translateValue('={{ $now }}').review[0]).toContain('Luxon');
    expect(translateValue('={{ $node["Set"].json.a }}').review).toHaveLength(1);
  });

  it('translates comparisons, literals, ternaries and text joins exactly', async () => {
    const cases: Array<[string, unknown, unknown]> = [
      ['$json.a === "x"', { a: 'x' }, true],
      ['$json.a !== 3', { a: 3 }, false],
      ['!$json.ativo', { ativo: false }, true],
      ['$json.n > 1 ? "muitos" : "um"', { n: 2 }, 'muitos'],
      ['"Pedido " + $json.id', { id: 7 }, 'Pedido 7'],
      ['`${$json.a}-${$json.b}`', { a: 1, b: 'z' }, '1-z'],
    ];
    for (const [code, payload, expected] of cases) {
      const { jsonata } = jsToJsonata(code);
      expect(await evaluate(jsonata, data(payload))).toEqual(expected);
    }
    expect(() => jsToJsonata('$json.a + $json.b')).toThrow('tipo desconhecido');
  });
});
