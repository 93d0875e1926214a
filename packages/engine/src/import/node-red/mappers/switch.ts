import { text } from '../node-red-export';
import { makeNode, type MapContext, type MappedNode } from '../mapped-node';
import { referenceOf } from '../node-red-paths';
import { jsonataKey, jsonataOverMsg, typedValue } from '../typed-value';
import { placeholder } from './placeholder';
import { exclusiveRules } from './switch-exclusive';

interface SwitchRule {
  t: string;
  v?: unknown;
  vt?: unknown;
  v2?: unknown;
  v2t?: unknown;
  case?: boolean;
}

/** The switch's property as JSONata over {msg, flow, vars}. */
function propertyOf(node: Record<string, unknown>): string | null {
  const type = text(node.propertyType) || 'msg';
  const property = text(node.property) || 'payload';
  if (type === 'jsonata') return jsonataOverMsg(property).expression;
  if (type === 'env') return `vars.${jsonataKey(property)}`;
  if (type === 'msg' || type === 'flow' || type === 'global') return referenceOf(type, property);
  return null;
}

const empty = (p: string) =>
  `(${p} = "" or ($type(${p}) = "array" and $count(${p}) = 0) or ($type(${p}) = "object" and $count($keys(${p})) = 0))`;
const number = (p: string) => `($type(${p}) = "number" ? ${p} : $number(${p}))`;
const compare: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };
const types: Record<string, string> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
  null: 'null',
};

/** One rule as a JSONata condition, or null when Ponte cannot say it. */
export function ruleCondition(p: string, rule: SwitchRule): string | null {
  const v = () => typedValue(rule.vt, rule.v)?.expression ?? null;
  const numeric = rule.vt === 'num';
  switch (rule.t) {
    case 'eq':
    case 'neq': {
      const value = v();
      if (value === null) return null;
      // Node-RED compares with ==: a number 10 equals the text "10".
      const equal = numeric
        ? `($exists(${p}) and $string(${p}) = $string(${value}))`
        : `(${p} = ${value})`;
      return rule.t === 'eq' ? equal : `$not(${equal})`;
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const value = v();
      if (value === null) return null;
      return `(${numeric ? number(p) : p} ${compare[rule.t]} ${value})`;
    }
    case 'btwn': {
      const low = v();
      const high = typedValue(rule.v2t, rule.v2)?.expression ?? null;
      if (low === null || high === null) return null;
      const n = number(p);
      return `((${n} >= ${low} and ${n} <= ${high}) or (${n} >= ${high} and ${n} <= ${low}))`;
    }
    case 'cont': {
      const value = v();
      return value === null ? null : `$contains($string(${p}), $string(${value}))`;
    }
    case 'regex': {
      const source = text(rule.v).replace(/\//g, '\\/');
      return `$contains($string(${p}), /${source}/${rule.case ? 'i' : ''})`;
    }
    case 'true':
      return `(${p} = true)`;
    case 'false':
      return `(${p} = false)`;
    case 'null':
      return `($not($exists(${p})) or ${p} = null)`;
    case 'nnull':
      return `($exists(${p}) and ${p} != null)`;
    case 'empty':
      return `($exists(${p}) and ${empty(p)})`;
    case 'nempty':
      return `($exists(${p}) and ${p} != null and $not(${empty(p)}) and $type(${p}) in ["string", "array", "object"])`;
    case 'istype': {
      if (rule.v === 'undefined') return `$not($exists(${p}))`;
      const type = types[text(rule.v)];
      return type ? `($exists(${p}) and $type(${p}) = "${type}")` : null;
    }
    case 'jsonata_exp':
      return `(${jsonataOverMsg(text(rule.v)).expression} = true)`;
    case 'else':
      return 'true';
    default:
      return null;
  }
}

/**
 * `switch` → 'Switch' with one rule per output (`saida_1`, `saida_2`…), first match wins.
 * Node-RED's "check all rules" sends to every match: adapted, with a note.
 */
export function mapSwitch(ctx: MapContext): MappedNode {
  const { node } = ctx;
  const property = propertyOf(node);
  if (!property)
    return placeholder(ctx, `A propriedade do tipo ${text(node.propertyType)} não foi traduzida.`);
  const rules = Array.isArray(node.rules) ? (node.rules as SwitchRule[]) : [];
  const rows: { output: string; condition: string }[] = [];
  for (const [index, rule] of rules.entries()) {
    const condition = ruleCondition(property, rule);
    if (!condition)
      return placeholder(ctx, `A regra ${index + 1} (${rule.t}) não tem equivalente no Ponte.`);
    rows.push({ output: `saida_${index + 1}`, condition: `{{ ${condition} }}` });
  }
  const notes: string[] = [];
  const checkAll = text(node.checkall) !== 'false';
  if (checkAll && !exclusiveRules(rules))
    notes.push(
      'O Node-RED testava todas as regras e enviava para cada uma que valesse; o Switch do Ponte segue só pela primeira.',
    );
  if (
    rules.some((rule) => ['flow', 'global'].includes(text(rule.vt))) ||
    ['flow', 'global'].includes(text(node.propertyType))
  )
    notes.push(
      'O contexto de flow/global do Node-RED virou os dados do flow, que valem só durante uma execução.',
    );
  if (node.repair === true) notes.push('"Recriar sequência de mensagens" não existe no Ponte.');
  const ponte = makeNode(ctx, 'core_switch', { rules: rows });
  return {
    status: notes.length ? 'adapted' : 'translated',
    notes,
    nodes: [ponte],
    input: ponte.uid,
    outputs: rows.map((row) => ({ uid: ponte.uid, output: row.output })),
    errorFrom: [ponte.uid],
  };
}
