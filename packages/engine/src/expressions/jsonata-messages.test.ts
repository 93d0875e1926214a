import { describe, expect, it } from 'vitest';
import jsonata from 'jsonata';
// The installed package's own source: its `errorCodes` table is not exported.
import installedSource from 'jsonata/jsonata.js?raw';
import { jsonataMessages } from './jsonata-messages';
import { jsonataErrorText, type JsonataFailure } from './jsonata-errors';

/** `errorCodes` of the installed jsonata.js: code → English template. */
function installedCodes(): Map<string, string> {
  const table = /var errorCodes = \{([\s\S]*?)\n\s*\};/.exec(installedSource)?.[1];
  if (!table) throw new Error('errorCodes not found in the installed jsonata.js');
  const codes = new Map<string, string>();
  for (const [, code, template] of table.matchAll(/"([SDT]\d{4})":\s*"((?:[^"\\]|\\.)*)"/g))
    codes.set(code!, JSON.parse(`"${template}"`) as string);
  return codes;
}

const placeholders = (template: string) =>
  [...template.matchAll(/\{\{\{?([^}]+)\}?\}\}/g)].map((match) => match[1]).sort();

async function failureOf(expression: string, input: unknown = {}): Promise<JsonataFailure> {
  try {
    await jsonata(expression).evaluate(input);
  } catch (error) {
    return error as JsonataFailure;
  }
  throw new Error(`${expression} did not fail`);
}

describe("JSONata's errors in pt-BR", () => {
  it('has a pt-BR text, with the same placeholders, for every code of the installed jsonata', () => {
    const codes = installedCodes();
    expect(codes.size).toBeGreaterThan(90);
    const missing = [...codes.keys()].filter((code) => !(code in jsonataMessages));
    expect(missing).toEqual([]);
    for (const [code, english] of codes)
      expect(placeholders(jsonataMessages[code]!), code).toEqual(placeholders(english));
  });

  it('shows the code, the pt-BR text and the position', async () => {
    expect(jsonataErrorText(await failureOf('$substring("abc" x'))).toBe(
      'S0202: Esperava ")", mas encontrou "x" (posição 18)',
    );
    expect(jsonataErrorText(await failureOf('{"a": 1'))).toBe(
      'S0203: Esperava "}" antes do fim da expressão (posição 7)',
    );
    expect(jsonataErrorText(await failureOf('(1 + '))).toBe(
      'S0203: Esperava ")" antes do fim da expressão (posição 5)',
    );
    expect(jsonataErrorText(await failureOf('"a" + 1'))).toBe(
      'T2001: O lado esquerdo do operador "+" deve resultar em um número (posição 5)',
    );
    expect(jsonataErrorText(await failureOf('$number("doze")'))).toBe(
      'D3030: Não foi possível converter o valor em número: "doze" (posição 8)',
    );
  });

  it("keeps the user's own message of $error and translates the inner error of $eval", async () => {
    expect(jsonataErrorText(await failureOf('$error("Pedido sem itens")'))).toMatch(
      /^D3137: Pedido sem itens/,
    );
    expect(jsonataErrorText(await failureOf('$error()'))).toMatch(
      /^D3137: A função \$error\(\) foi chamada/,
    );
    expect(jsonataErrorText(await failureOf('$eval("(1 + ")'))).toBe(
      'D3120: Erro de sintaxe na expressão passada para a função eval: ' +
        'S0203: Esperava ")" antes do fim da expressão (posição 5)',
    );
  });
});
