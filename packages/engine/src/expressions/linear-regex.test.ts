import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { evaluate } from './expressions';
import { resolveParams } from './resolve-params';

const data = (payload: unknown = {}) => ({ msg: { payload }, flow: {}, vars: {} });
/** Exponential for a backtracking engine: 2^40 ways to split the a's before failing at '!'. */
const hostile = `${'a'.repeat(40)}!`;

describe('regular expressions in expressions', () => {
  it('match in linear time: the catastrophic pattern on hostile input ends with the right answer', async () => {
    const text = data({ texto: hostile });
    expect(await evaluate('$contains(msg.payload.texto, /(a+)+$/)', text)).toBe(false);
    expect(await evaluate('$match(msg.payload.texto, /(a+)+$/)', text)).toBeUndefined();
    expect(await evaluate('$replace(msg.payload.texto, /(a+)+$/, "x")', text)).toBe(hostile);
    expect(await evaluate('msg.payload.texto ~> /(a+)+!$/', text)).toMatchObject({
      match: hostile,
      groups: ['a'.repeat(40)],
    });
  });

  it('keep the JavaScript meaning of matches, groups, flags and positions', async () => {
    const text = data({ texto: 'Pedido 12, pedido 345 e PEDIDO 6' });
    expect(await evaluate('$match(msg.payload.texto, /pedido (\\d+)/i)', text)).toEqual([
      { match: 'Pedido 12', index: 0, groups: ['12'] },
      { match: 'pedido 345', index: 11, groups: ['345'] },
      { match: 'PEDIDO 6', index: 24, groups: ['6'] },
    ]);
    expect(await evaluate('$replace("ação-é", /(\\w+)-é/, "$1!")', data())).toBe('ação!');
    expect(await evaluate('$replace("cão-gato", /(\\p{L}+)-(\\p{L}+)/, "$2-$1")', data())).toBe(
      'gato-cão',
    );
    expect(await evaluate('$split("a1b22c", /\\d+/)', data())).toEqual(['a', 'b', 'c']);
    expect(await evaluate('$match("x\\ny", /^y$/m).match', data())).toBe('y');
    expect(await evaluate('$contains("x\\ny", /^y$/)', data())).toBe(false);
  });

  it('refuse backreferences and lookaround when the expression is compiled, in pt-BR', async () => {
    const specs: Record<string, ParamSpec> = { filtro: { type: 'text', label: 'Filtro' } };
    // The regex sits in a branch that never runs: the refusal comes from compiling.
    await expect(
      resolveParams(specs, { filtro: '{{ false ? $match("aa", /(a)\\1/) : 1 }}' }, data()),
    ).rejects.toThrow(
      'Expressão inválida no parâmetro "filtro": A expressão regular /(a)\\1/ usa um recurso ' +
        'não suportado (em "\\1"): referências a grupos anteriores (\\1) e verificações à ' +
        'frente ou atrás ((?=…), (?!…), (?<=…), (?<!…)) não são aceitas.',
    );
    for (const lookaround of ['/a(?=b)/', '/a(?!b)/', '/(?<=a)b/', '/(?<!a)b/']) {
      await expect(evaluate(`$contains("ab", ${lookaround})`, data())).rejects.toThrow(
        'usa um recurso não suportado',
      );
    }
  });

  it('bound the regexes $eval builds at run time too', async () => {
    const text = data({ texto: hostile });
    expect(await evaluate('$eval("$contains(msg.payload.texto, /(a+)+$/)")', text)).toBe(false);
    await expect(evaluate('$eval("$contains(\'aa\', /(a)\\\\1/)")', data())).rejects.toThrow(
      'usa um recurso não suportado',
    );
  });

  it('parse dates with a picture in linear time too', async () => {
    const words = data({ texto: `${'a'.repeat(50)}1` });
    const picture = '"[MNn][MNn][MNn][MNn][MNn][MNn][MNn][MNn]"';
    expect(await evaluate(`$toMillis(msg.payload.texto, ${picture})`, words)).toBeUndefined();
    expect(
      await evaluate('$toMillis("2026-11-23 14:05", "[Y0001]-[M01]-[D01] [H01]:[m01]")', data()),
    ).toBe(Date.UTC(2026, 10, 23, 14, 5));
    expect(await evaluate('$toMillis("23 November 2026", "[D1] [MNn] [Y0001]")', data())).toBe(
      Date.UTC(2026, 10, 23),
    );
    expect(await evaluate('$toMillis("2026-11-23T14:05:00Z")', data())).toBe(
      Date.UTC(2026, 10, 23, 14, 5),
    );
    expect(new RegExp('a+').exec('caa')?.index).toBe(1);
  });

  it('check function signatures in linear time', async () => {
    // JSONata turns a signature into a regex over the argument types: 5 s natively for 34
    // arguments, about a minute for these 44.
    const args = [...Array(44).fill('"a"'), 1].join(', ');
    const expression = `( $f := function($a)<${'s+'.repeat(10)}:s>{ "ok" }; $f(${args}) )`;
    await expect(evaluate(expression, data())).rejects.toThrow(
      /T0410: O argumento 45 da função "f" não corresponde à assinatura da função/,
    );
    expect(await evaluate('( $dobro := function($x)<n:n>{ $x * 2 }; $dobro(21) )', data())).toBe(
      42,
    );
  });
});
