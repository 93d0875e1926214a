import { describe, expect, it } from 'vitest';
import { evaluate } from '../../expressions/expressions';
import { filterJsonata, ifV1Jsonata } from './conditions';
import type { TranslatedValue } from './expressions';

const fresh = (): TranslatedValue => ({ value: undefined, review: [], notes: [] });
const holds = (expression: string, payload: unknown) =>
  evaluate(expression, { msg: { payload }, flow: {}, vars: {} });

describe('n8n conditions become one JSONata expression', () => {
  it('IF v2 filter: "or" of a number equality and a "greater than" with the text "10" read as a number', async () => {
    const expression = filterJsonata(
      {
        combinator: 'or',
        conditions: [
          {
            leftValue: '={{ $json.count }}',
            rightValue: '1',
            operator: { type: 'number', operation: 'equals' },
          },
          {
            leftValue: '={{ $json.count }}',
            rightValue: '10',
            operator: { type: 'number', operation: 'gt' },
          },
        ],
      },
      fresh(),
    );
    expect(await holds(expression, { count: 1 })).toBe(true);
    expect(await holds(expression, { count: 12 })).toBe(true);
    expect(await holds(expression, { count: 5 })).toBe(false);
  });

  it('string operations, with and without case', async () => {
    const condition = (operation: string, right: string, caseSensitive = true) =>
      filterJsonata(
        {
          options: { caseSensitive },
          conditions: [
            {
              leftValue: '={{ $json.nome }}',
              rightValue: right,
              operator: { type: 'string', operation },
            },
          ],
        },
        fresh(),
      );
    expect(await holds(condition('startsWith', 'Ana'), { nome: 'Ana Maria' })).toBe(true);
    expect(await holds(condition('endsWith', 'Maria'), { nome: 'Ana Maria' })).toBe(true);
    expect(await holds(condition('notContains', 'José'), { nome: 'Ana Maria' })).toBe(true);
    expect(await holds(condition('equals', 'ana maria'), { nome: 'Ana Maria' })).toBe(false);
    expect(await holds(condition('equals', 'ana maria', false), { nome: 'Ana Maria' })).toBe(true);
    expect(await holds(condition('empty', ''), { nome: '' })).toBe(true);
    expect(await holds(condition('exists', ''), {})).toBe(false);
  });

  it('IF v1 lists: "any" of booleans, numbers with their v1 names', async () => {
    const any = ifV1Jsonata(
      {
        combineOperation: 'any',
        conditions: {
          boolean: [
            { value1: '={{ $json["value"] }}', value2: true },
            { value1: '={{ $json.value2 }}', value2: true },
          ],
        },
      },
      fresh(),
    );
    expect(await holds(any, { value: false, value2: true })).toBe(true);
    expect(await holds(any, { value: false, value2: false })).toBe(false);
    const smaller = ifV1Jsonata(
      { conditions: { number: [{ value1: '={{ $json.value }}', value2: 2 }] } },
      fresh(),
    );
    expect(await holds(smaller, { value: 1 })).toBe(true);
    expect(await holds(smaller, { value: 2 })).toBe(false);
    const matches = ifV1Jsonata(
      {
        conditions: {
          string: [{ value1: '={{ $json.cep }}', operation: 'regex', value2: '^\\d{5}-\\d{3}$' }],
        },
      },
      fresh(),
    );
    expect(await holds(matches, { cep: '01310-100' })).toBe(true);
    expect(await holds(matches, { cep: '01310100' })).toBe(false);
  });

  it('lists what it could not translate exactly (dates, regexes, unknown operations)', () => {
    const result = fresh();
    filterJsonata(
      {
        conditions: [
          {
            leftValue: '={{ $json.d }}',
            rightValue: '2024-01-01',
            operator: { type: 'dateTime', operation: 'after' },
          },
          {
            leftValue: '={{ $json.a }}',
            rightValue: 'x',
            operator: { type: 'string', operation: 'teleport' },
          },
        ],
      },
      result,
    );
    expect(result.review).toHaveLength(2);
    expect(result.review[1]).toContain('teleport');
  });
});
