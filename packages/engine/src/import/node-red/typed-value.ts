import { referenceOf } from './node-red-paths';

/**
 * Node-RED's typed inputs (`str`, `num`, `json`, `msg.x`, `flow.x`, `jsonata`…) as Ponte values:
 * a constant kept as is, or a `{{ }}` expression over msg, flow and vars. Flow context is the
 * execution's flow data; global context is flow data under `global`; env is a variable.
 */
export interface PonteValue {
  /** A constant (a table cell keeps its type) or a `{{ … }}` text. */
  value: unknown;
  /** The same as one JSONata expression. */
  expression: string;
  /** pt-BR: what differs from Node-RED, if anything. */
  note?: string;
}

const jsonString = (text: string) => JSON.stringify(text);

export const contextNote =
  'O contexto de flow/global do Node-RED virou os dados do flow, que valem só durante uma execução.';
export const envNote =
  'As variáveis de ambiente do Node-RED viraram variáveis do Ponte (crie-as com o mesmo nome).';

/** A constant as a cell value: text holding `{{` goes inside an expression so it stays text. */
export function constant(value: unknown): PonteValue {
  const expression = JSON.stringify(value) ?? 'null';
  if (typeof value === 'string' && value.includes('{{'))
    return { value: `{{ ${expression} }}`, expression };
  return { value, expression };
}

const asExpression = (expression: string, note?: string): PonteValue => ({
  value: `{{ ${expression} }}`,
  expression,
  ...(note ? { note } : {}),
});

/**
 * A Node-RED JSONata expression (evaluated with msg as its root) as one over Ponte's
 * `{msg, flow, vars}`: `$flowContext`, `$globalContext` and `$env` read flow data and variables.
 */
export function jsonataOverMsg(source: string): { expression: string; note?: string } {
  const uses = /\$(flowContext|globalContext|env)\s*\(/.test(source);
  const body = source.replace(/\$\$/g, '$msg');
  const bindings = [
    '$msg := $$.msg',
    ...(uses
      ? [
          '$flowContext := function($k){ $lookup($$.flow, $k) }',
          '$globalContext := function($k){ $lookup($$.flow.global, $k) }',
          '$env := function($k){ $lookup($$.vars, $k) }',
        ]
      : []),
  ];
  return {
    expression: `( ${bindings.join('; ')}; $msg.( ${body} ) )`,
    ...(uses ? { note: contextNote } : {}),
  };
}

/** The value of a typed input, or null when Ponte has no equivalent (the type is in the reason). */
export function typedValue(type: unknown, raw: unknown): PonteValue | null {
  const text = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : String(raw);
  switch (type ?? 'str') {
    case 'str':
      return constant(text);
    case 'num': {
      const number = Number(text);
      return Number.isFinite(number) && text.trim() !== '' ? constant(number) : null;
    }
    case 'bool':
      return constant(text === 'true');
    case 'json':
      return jsonValue(text);
    case 'date':
      return asExpression('$millis()');
    case 'msg':
    case 'flow':
    case 'global': {
      const reference = referenceOf(type as 'msg' | 'flow' | 'global', text);
      if (!reference) return null;
      return asExpression(reference, type === 'msg' ? undefined : contextNote);
    }
    case 'env':
      return asExpression(`vars.${jsonataKey(text)}`, envNote);
    case 'jsonata': {
      const translated = jsonataOverMsg(text);
      return asExpression(translated.expression, translated.note);
    }
    default:
      return null;
  }
}

function jsonValue(text: string): PonteValue | null {
  try {
    return constant(JSON.parse(text || 'null'));
  } catch {
    return null;
  }
}

/** A key as JSONata reads it after a dot. */
export function jsonataKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : `\`${key.replace(/`/g, '')}\``;
}

export { jsonString };
