import { parse } from 'acorn';
import { simple } from 'acorn-walk';

/**
 * n8n's JavaScript (Code, Function, Function Item) as the code of `core_code`. The original code
 * runs unchanged inside a function given `$input`, `$json`, `items`, `item` built from the
 * message; what it returns (items) becomes the message again. The items model (ADR 0135): one
 * item ↔ `msg.payload` = its `json`; several items ↔ a list in `msg.payload`.
 */

export type CodeMode = 'allItems' | 'eachItem' | 'function' | 'functionItem';

/** Globals of n8n's code that the prelude does not give, with what a person should know. */
const unsupportedGlobals: Record<string, string> = {
  $: '$("Nó") lê a saída de outro nó, o que o Ponte não guarda: leve o valor na mensagem',
  $node: '$node lê a saída de outro nó, o que o Ponte não guarda: leve o valor na mensagem',
  $items: '$items() lê a saída de outro nó, o que o Ponte não guarda',
  $now: '$now (Luxon) não existe: use moment()',
  $today: '$today (Luxon) não existe: use moment().startOf("day")',
  DateTime: 'Luxon (DateTime) não existe: use moment',
  $env: '$env não existe: use getVar("NOME")',
  $vars: '$vars não existe: use getVar("NOME")',
  $workflow: '$workflow não existe no Ponte',
  $execution: '$execution não existe no Ponte',
  $getWorkflowStaticData: '$getWorkflowStaticData: use getFlowData / setFlowData',
  getWorkflowStaticData: 'getWorkflowStaticData: use getFlowData / setFlowData',
  $binary: 'dados binários do n8n não existem no Ponte',
  require: 'require de módulos não existe no sandbox do Ponte',
  $jmespath: '$jmespath não existe no Ponte',
  $evaluateExpression: '$evaluateExpression não existe no Ponte',
};

/** pt-BR notes on what the code uses that Ponte does not give, or `null` if it cannot be read. */
export function codeNotes(code: string): string[] | null {
  let ast;
  try {
    ast = parse(code, {
      ecmaVersion: 'latest',
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
    });
  } catch {
    return null;
  }
  const found = new Set<string>();
  simple(ast, {
    Identifier(node) {
      const note = unsupportedGlobals[node.name];
      if (note) found.add(note);
    },
    MemberExpression(node) {
      if (
        node.property.type === 'Identifier' &&
        node.property.name === 'binary' &&
        node.object.type !== 'ThisExpression'
      )
        found.add('dados binários do n8n (item.binary) não existem no Ponte');
    },
  });
  return [...found];
}

const itemsFromPayload = `const __toItems = (payload) => {
  const list = Array.isArray(payload) ? payload : payload === undefined || payload === null ? [] : [payload];
  return list.map((json) => ({ json: json !== null && typeof json === 'object' && !Array.isArray(json) ? json : { value: json } }));
};
const __fromItems = (result) => {
  const list = (Array.isArray(result) ? result : result === undefined || result === null ? [] : [result])
    .map((entry) => (entry !== null && typeof entry === 'object' && 'json' in entry ? entry.json : entry));
  return { ...msg, payload: list.length === 1 ? list[0] : list };
};
const __items = __toItems(msg.payload);
const __input = (current) => ({
  all: () => __items, first: () => __items[0], last: () => __items[__items.length - 1], item: current,
});`;

/** The prelude and the call of the original code, by mode. */
function wrapper(mode: CodeMode, code: string): string {
  const body = code
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  if (mode === 'allItems' || mode === 'function') {
    return `${itemsFromPayload}
const __run = async ($input, $json, items) => {
  {
${body}
  }
};
return __fromItems(await __run(__input(__items[0]), __items[0]?.json, __items));`;
  }
  const arg = mode === 'functionItem' ? '(item) => ({ json: item })' : '(item) => item';
  return `${itemsFromPayload}
const __run = async ($input, $json, item) => {
  {
${body}
  }
};
const __results = [];
for (const __item of __items) {
  const __result = await __run(__input(__item), __item.json, ${mode === 'functionItem' ? '__item.json' : '__item'});
  __results.push(...(Array.isArray(__result) ? __result : [__result]).map(${arg}));
}
return __fromItems(__results);`;
}

const modeNames: Record<CodeMode, string> = {
  allItems: 'uma vez para todos os itens',
  eachItem: 'uma vez para cada item',
  function: 'Function (antigo): uma vez para todos os itens',
  functionItem: 'Function Item (antigo): uma vez para cada item',
};

/** The code of the `core_code` node: a header comment, the prelude, the original code. */
export function codeNodeSource(name: string, mode: CodeMode, code: string): string {
  const header = [
    `// Importado do n8n: "${name.replace(/\r?\n/g, ' ')}" (${modeNames[mode]}).`,
    '// O código original está abaixo, sem mudanças, dentro de uma função que recebe $input, $json,',
    '// items e item a partir de msg.payload (um item = um objeto; vários itens = uma lista) e que',
    '// devolve os itens como msg.payload.',
  ].join('\n');
  return `${header}\n${wrapper(mode, code)}\n`;
}
