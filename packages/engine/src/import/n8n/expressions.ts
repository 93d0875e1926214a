import { parseExpressionAt, type Node as AcornNode } from 'acorn';

/**
 * n8n expressions (`={{ $json.a }}`, `=Olá {{ $json.nome }}!`) as Ponte templates
 * (`{{ msg.payload.a }}`, JSONata over `msg`). The JavaScript inside each `{{ }}` is read with
 * a real parser (acorn) and only what has an exact JSONata equivalent is rewritten; anything
 * else is kept as written, so the node shows it and the flow validator names it.
 */

export interface TranslatedValue {
  value: unknown;
  /** The original expressions that could not be rewritten exactly (to review). */
  review: string[];
  /** pt-BR notes on expressions rewritten with a known difference. */
  notes: string[];
}

/** Why a piece of JavaScript has no exact JSONata equivalent (pt-BR, shown in the report). */
export class Untranslatable extends Error {}

/** An acorn node read by its `type` (the walk below checks each field it uses). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- acorn's union of node types
type Js = AcornNode & Record<string, any>;

const plainName = /^[A-Za-z_][A-Za-z0-9_]*$/;
const jsonataName = (name: string) =>
  plainName.test(name) ? name : `\`${name.replace(/`/g, '')}\``;

const binaryOperators: Record<string, string> = {
  '===': '=',
  '==': '=',
  '!==': '!=',
  '!=': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '-': '-',
  '*': '*',
  '/': '/',
  '%': '%',
};

/** The item's own data: `$json`, `$input.item.json`, `$data` (old), `$item(0).$json` is not. */
function itemRoot(node: Js): boolean {
  if (node.type === 'Identifier') return node.name === '$json' || node.name === '$data';
  return (
    node.type === 'MemberExpression' &&
    !node.computed &&
    node.property.name === 'json' &&
    node.object.type === 'MemberExpression' &&
    !node.object.computed &&
    node.object.property.name === 'item' &&
    node.object.object.type === 'Identifier' &&
    node.object.object.name === '$input'
  );
}

function member(node: Js, context: Context): string {
  if (itemRoot(node)) return 'msg.payload';
  if (node.type !== 'MemberExpression') return toJsonata(node, context);
  if (node.optional) throw new Untranslatable('acesso opcional (?.)');
  const object = member(node.object, context);
  if (!node.computed) {
    if (!object.startsWith('msg.payload')) throw new Untranslatable('acesso a propriedade');
    if (node.property.name === 'length')
      throw new Untranslatable('.length (texto ou lista: em JSONata, $length ou $count)');
    return `${object}.${jsonataName(node.property.name)}`;
  }
  const key = node.property;
  if (key.type === 'Literal' && typeof key.value === 'string')
    return `${object}.${jsonataName(key.value)}`;
  if (key.type === 'Literal' && typeof key.value === 'number' && Number.isInteger(key.value))
    return `${object}[${key.value}]`;
  throw new Untranslatable('índice calculado');
}

interface Context {
  notes: Set<string>;
}

function literal(node: Js): string {
  if (node.value === null) return 'null';
  if (node.regex) throw new Untranslatable('expressão regular');
  return JSON.stringify(node.value);
}

function binary(node: Js, context: Context): string {
  const left = toJsonata(node.left, context);
  const right = toJsonata(node.right, context);
  if (node.operator === '+') {
    const textual = [node.left, node.right].some(
      (side: Js) =>
        side.type === 'TemplateLiteral' ||
        (side.type === 'Literal' && typeof side.value === 'string'),
    );
    if (textual) return `${left} & ${right}`;
    const numeric = [node.left, node.right].every(
      (side: Js) => side.type === 'Literal' && typeof side.value === 'number',
    );
    if (numeric) return `${left} + ${right}`;
    throw new Untranslatable('"+" entre valores de tipo desconhecido (soma ou texto)');
  }
  const operator = binaryOperators[node.operator];
  if (!operator) throw new Untranslatable(`operador ${node.operator}`);
  if (node.operator === '==' || node.operator === '!=')
    context.notes.add('"==" do JavaScript converte tipos; em JSONata "=" compara sem converter.');
  return `${left} ${operator} ${right}`;
}

function templateLiteral(node: Js, context: Context): string {
  const parts: string[] = [];
  node.quasis.forEach((quasi: Js, index: number) => {
    if (quasi.value.cooked) parts.push(JSON.stringify(quasi.value.cooked));
    const inner = node.expressions[index];
    if (inner) parts.push(`$string(${toJsonata(inner, context)})`);
  });
  return parts.length ? `(${parts.join(' & ')})` : '""';
}

function call(node: Js): never {
  const callee = node.callee;
  if (callee.type === 'Identifier' && callee.name === '$')
    throw new Untranslatable(
      '$("Nó") lê a saída de outro nó, o que o Ponte não guarda na mensagem',
    );
  throw new Untranslatable('chamada de função ou método');
}

/** One JavaScript expression node as JSONata; throws `Untranslatable` when not exact. */
function toJsonata(node: Js, context: Context): string {
  switch (node.type) {
    case 'Literal':
      return literal(node);
    case 'Identifier':
      if (node.name === '$json' || node.name === '$data') return 'msg.payload';
      // n8n's items are JSON: a field set to undefined comes out null.
      if (node.name === 'undefined') return 'null';
      if (node.name === '$now' || node.name === '$today')
        throw new Untranslatable(`${node.name} é uma data Luxon no n8n; em JSONata use $now()`);
      if (node.name === '$node') throw new Untranslatable('$node lê a saída de outro nó');
      throw new Untranslatable(`variável ${node.name}`);
    case 'MemberExpression':
      return member(node, context);
    case 'BinaryExpression':
      return binary(node, context);
    case 'LogicalExpression':
      if (node.operator === '??') throw new Untranslatable('operador ??');
      context.notes.add(
        '"&&" e "||" do JavaScript devolvem um dos valores; "and" e "or" de JSONata devolvem verdadeiro ou falso.',
      );
      return `(${toJsonata(node.left, context)} ${node.operator === '&&' ? 'and' : 'or'} ${toJsonata(node.right, context)})`;
    case 'UnaryExpression':
      if (node.operator === '!') return `$not(${toJsonata(node.argument, context)})`;
      if (node.operator === '-') return `-${toJsonata(node.argument, context)}`;
      throw new Untranslatable(`operador ${node.operator}`);
    case 'ConditionalExpression':
      return `(${toJsonata(node.test, context)} ? ${toJsonata(node.consequent, context)} : ${toJsonata(node.alternate, context)})`;
    case 'TemplateLiteral':
      return templateLiteral(node, context);
    case 'CallExpression':
      return call(node);
    default:
      throw new Untranslatable(`construção ${node.type}`);
  }
}

/** Reads one JavaScript expression as JSONata: the text, or why it cannot be. */
export function jsToJsonata(code: string): { jsonata: string; notes: string[] } {
  const context: Context = { notes: new Set() };
  const node = parseExpressionAt(code, 0, { ecmaVersion: 'latest' }) as Js;
  if (code.slice(node.end).trim()) throw new Untranslatable('mais de uma expressão');
  return { jsonata: toJsonata(node, context), notes: [...context.notes] };
}

type Segment = { text: string } | { code: string };

/** `text {{ js }} text`, the end of each `{{ }}` found by parsing the JavaScript. */
export function splitTemplate(source: string): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('{{', at);
    if (open < 0) break;
    const close = expressionEnd(source, open + 2);
    if (close < 0) break;
    if (open > at) segments.push({ text: source.slice(at, open) });
    segments.push({ code: source.slice(open + 2, close).trim() });
    at = close + 2;
  }
  if (at < source.length) segments.push({ text: source.slice(at) });
  return segments;
}

/** Where the `}}` closing the expression starting at `from` is; -1 when none. */
function expressionEnd(source: string, from: number): number {
  try {
    const node = parseExpressionAt(source, from, { ecmaVersion: 'latest' });
    const close = source.indexOf('}}', node.end);
    if (close >= 0 && !source.slice(node.end, close).trim()) return close;
  } catch {
    // Not JavaScript acorn reads: the first `}}` ends it, as n8n's own splitter does.
  }
  return source.indexOf('}}', from);
}

/**
 * The original JavaScript, marked so that JSONata cannot read it: the flow validator names the
 * param and the flow cannot be enabled until a person rewrites it (a bare `$prevNode.name` would
 * otherwise read as a JSONata variable and give nothing, silently).
 */
export const keptForReview = (code: string) => `n8n: ${code}`;

/** A whole piece of code, or a Ponte `{{ }}` holding the original code when not exact. */
function segmentTemplate(code: string, result: TranslatedValue): string {
  try {
    const { jsonata, notes } = jsToJsonata(code);
    result.notes.push(...notes);
    return `{{ ${jsonata} }}`;
  } catch (error) {
    const reason = error instanceof Untranslatable ? error.message : 'JavaScript que não foi lido';
    result.review.push(`{{ ${code} }} (${reason})`);
    return `{{ ${keptForReview(code)} }}`;
  }
}

/** Plain text that Ponte would read as a template: `{{` kept as text. */
const escapeBraces = (text: string) =>
  text.includes('{{') ? text.replace(/\{\{/g, '{{ "{{" }}') : text;

/**
 * An n8n param value as a Ponte param: strings starting with `=` are expressions; other values
 * are kept (objects and lists translated inside). A value that is one whole `{{ }}` keeps its
 * type in Ponte as in n8n.
 */
export function translateValue(value: unknown): TranslatedValue {
  const result: TranslatedValue = { value, review: [], notes: [] };
  result.value = walk(value, result);
  result.notes = [...new Set(result.notes)];
  return result;
}

function walk(value: unknown, result: TranslatedValue): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, result));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, result)]));
  if (typeof value !== 'string') return value;
  if (!value.startsWith('=')) return escapeBraces(value);
  const segments = splitTemplate(value.slice(1));
  return segments
    .map((segment) =>
      'code' in segment ? segmentTemplate(segment.code, result) : escapeBraces(segment.text),
    )
    .join('');
}

/**
 * An n8n value as a bare JSONata expression (for conditions): `={{ x }}` → its JSONata;
 * a literal → its JSON. `review` gets what could not be rewritten.
 */
export function toOperand(value: unknown, result: TranslatedValue): string {
  if (typeof value !== 'string') return value === undefined ? 'undefined' : JSON.stringify(value);
  if (!value.startsWith('=')) return JSON.stringify(value);
  const segments = splitTemplate(value.slice(1));
  const parts = segments.map((segment) => {
    if ('text' in segment) return JSON.stringify(segment.text);
    try {
      const { jsonata, notes } = jsToJsonata(segment.code);
      result.notes.push(...notes);
      return segments.length > 1 ? `$string(${jsonata})` : jsonata;
    } catch (error) {
      const reason =
        error instanceof Untranslatable ? error.message : 'JavaScript que não foi lido';
      result.review.push(`{{ ${segment.code} }} (${reason})`);
      return `(${keptForReview(segment.code)})`;
    }
  });
  return parts.length === 1 ? parts[0]! : `(${parts.join(' & ')})`;
}
