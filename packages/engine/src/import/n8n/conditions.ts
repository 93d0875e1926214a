import { toOperand, type TranslatedValue } from './expressions';
import type { N8nParams } from './n8n-workflow';

/**
 * n8n conditions (IF v1 lists by type, the v2 filter of IF, Switch v3 and Filter) as one
 * JSONata expression over `msg`, the form `core_condition` and `core_switch` read.
 */

type Operands = { left: string; right: string };
type Build = (o: Operands) => string;

const empty = (a: string) =>
  `($not($exists(${a})) or ${a} = null or ${a} = "" or ${a} = [] or ${a} = {})`;
const startsWith = ({ left, right }: Operands) =>
  `$substring(${left}, 0, $length(${right})) = ${right}`;
const endsWith = ({ left, right }: Operands) =>
  `$substring(${left}, $length(${left}) - $length(${right})) = ${right}`;
const not =
  (build: Build): Build =>
  (o) =>
    `$not(${build(o)})`;

/** Operations of the v2 filter, by `type:operation`, then by operation alone. */
const filterOperations: Record<string, Build> = {
  equals: ({ left, right }) => `${left} = ${right}`,
  notEquals: ({ left, right }) => `${left} != ${right}`,
  gt: ({ left, right }) => `${left} > ${right}`,
  lt: ({ left, right }) => `${left} < ${right}`,
  gte: ({ left, right }) => `${left} >= ${right}`,
  lte: ({ left, right }) => `${left} <= ${right}`,
  contains: ({ left, right }) => `$contains(${left}, ${right})`,
  notContains: not(({ left, right }) => `$contains(${left}, ${right})`),
  startsWith,
  notStartsWith: not(startsWith),
  endsWith,
  notEndsWith: not(endsWith),
  exists: ({ left }) => `$exists(${left})`,
  notExists: ({ left }) => `$not($exists(${left}))`,
  empty: ({ left }) => empty(left),
  notEmpty: ({ left }) => `$not(${empty(left)})`,
  true: ({ left }) => `${left} = true`,
  false: ({ left }) => `${left} = false`,
  'array:contains': ({ left, right }) => `${right} in ${left}`,
  'array:notContains': ({ left, right }) => `$not(${right} in ${left})`,
  'array:lengthEquals': ({ left, right }) => `$count(${left}) = ${right}`,
  'array:lengthNotEquals': ({ left, right }) => `$count(${left}) != ${right}`,
  'array:lengthGt': ({ left, right }) => `$count(${left}) > ${right}`,
  'array:lengthLt': ({ left, right }) => `$count(${left}) < ${right}`,
  'array:lengthGte': ({ left, right }) => `$count(${left}) >= ${right}`,
  'array:lengthLte': ({ left, right }) => `$count(${left}) <= ${right}`,
};

/** IF v1 and Switch v1/v2 operation names → the filter's. */
export const v1Operations: Record<string, string> = {
  equal: 'equals',
  notEqual: 'notEquals',
  smaller: 'lt',
  smallerEqual: 'lte',
  larger: 'gt',
  largerEqual: 'gte',
  contains: 'contains',
  notContains: 'notContains',
  startsWith: 'startsWith',
  notStartsWith: 'notStartsWith',
  endsWith: 'endsWith',
  notEndsWith: 'notEndsWith',
  isEmpty: 'empty',
  isNotEmpty: 'notEmpty',
  regex: 'regex',
  notRegex: 'notRegex',
};

const numeric = /^\s*-?\d+(\.\d+)?\s*$/;

/** A literal operand in the type the operator compares (n8n converts `"10"` for a number). */
function typedLiteral(value: unknown, type: string): unknown {
  if (typeof value !== 'string' || value.startsWith('=')) return value;
  if (type === 'number' && numeric.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export interface ConditionInput {
  left: unknown;
  right: unknown;
  type: string;
  operation: string;
  caseSensitive: boolean;
}

/** One condition as JSONata; unknown operations are listed in `review` and read as false. */
export function conditionJsonata(input: ConditionInput, result: TranslatedValue): string {
  const { type, operation } = input;
  if (type === 'dateTime' || operation === 'regex' || operation === 'notRegex') {
    result.review.push(`condição "${type} ${operation}" (datas e expressões regulares: revise)`);
  }
  if (type === 'dateTime') return dateCondition(input, result);
  if (operation === 'regex' || operation === 'notRegex') return regexCondition(input, result);
  const build = filterOperations[`${type}:${operation}`] ?? filterOperations[operation];
  if (!build) {
    result.review.push(`condição "${type} ${operation}" sem equivalente (lida como falsa)`);
    return 'false';
  }
  let left = toOperand(typedLiteral(input.left, type), result);
  let right = toOperand(typedLiteral(input.right, type), result);
  if (type === 'string' && !input.caseSensitive) {
    left = `$lowercase(${left})`;
    right = `$lowercase(${right})`;
  }
  return build({ left, right });
}

function dateCondition(input: ConditionInput, result: TranslatedValue): string {
  const left = `$toMillis(${toOperand(input.left, result)})`;
  const right = `$toMillis(${toOperand(input.right, result)})`;
  const op = {
    after: '>',
    before: '<',
    equals: '=',
    notEquals: '!=',
    afterOrEquals: '>=',
    beforeOrEquals: '<=',
  }[input.operation];
  return op ? `${left} ${op} ${right}` : 'false';
}

function regexCondition(input: ConditionInput, result: TranslatedValue): string {
  const left = toOperand(input.left, result);
  const pattern = typeof input.right === 'string' ? input.right : '';
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  const body = (literal ? literal[1]! : pattern).replace(/\//g, '\\/');
  const flags = (literal ? literal[2]! : '').replace(/[^im]/g, '');
  const test = `$contains(${left}, /${body}/${flags})`;
  return input.operation === 'notRegex' ? `$not(${test})` : test;
}

/** The v2 filter (`{conditions: [...], combinator, options}`) as one JSONata expression. */
export function filterJsonata(filter: N8nParams | undefined, result: TranslatedValue): string {
  const conditions: N8nParams[] = filter?.conditions ?? [];
  const caseSensitive = filter?.options?.caseSensitive !== false;
  if (filter?.options?.typeValidation === 'loose')
    result.notes.push(
      'A validação de tipos "loose" do n8n converte valores; em JSONata os tipos não são convertidos.',
    );
  const parts = conditions.map((condition) =>
    conditionJsonata(
      {
        left: condition.leftValue,
        right: condition.rightValue,
        type: condition.operator?.type ?? 'string',
        operation: condition.operator?.operation ?? 'equals',
        caseSensitive,
      },
      result,
    ),
  );
  return joinConditions(parts, filter?.combinator === 'or' ? 'or' : 'and');
}

/** IF v1 (`{boolean: [...], number: [...], string: [...], dateTime: [...]}` + combineOperation). */
export function ifV1Jsonata(parameters: N8nParams, result: TranslatedValue): string {
  const conditions: Record<string, N8nParams[]> = parameters.conditions ?? {};
  const parts: string[] = [];
  for (const type of ['boolean', 'number', 'string', 'dateTime']) {
    for (const condition of conditions[type] ?? []) {
      // n8n's defaults: numbers "smaller", dates "after", the others "equal".
      const given = condition.operation ?? (type === 'number' ? 'smaller' : 'equal');
      const operation =
        type === 'dateTime' ? String(condition.operation ?? 'after') : v1Operations[given];
      parts.push(
        conditionJsonata(
          {
            left: condition.value1 ?? (type === 'boolean' ? false : ''),
            right: condition.value2 ?? (type === 'boolean' ? false : ''),
            type,
            operation: operation ?? String(condition.operation),
            caseSensitive: true,
          },
          result,
        ),
      );
    }
  }
  return joinConditions(parts, parameters.combineOperation === 'any' ? 'or' : 'and');
}

function joinConditions(parts: string[], combinator: 'and' | 'or'): string {
  if (!parts.length) return combinator === 'and' ? 'true' : 'false';
  return parts.length === 1 ? parts[0]! : parts.map((part) => `(${part})`).join(` ${combinator} `);
}
