import { describe, expect, it } from 'vitest';
import { resolveTemplate } from '../../../expressions/expressions';
import type { MapContext } from '../mapped-node';
import type { NrNode } from '../node-red-export';
import { mapSwitch, ruleCondition } from './switch';
import { exclusiveRules } from './switch-exclusive';

const ctx = (node: Partial<NrNode>): MapContext => ({
  node: { id: 's1', type: 'switch', x: 10, y: 20, wires: [], ...node } as NrNode,
  uid: 's1',
  byId: new Map(),
  downstream: () => [],
  tabOf: () => 'aba',
});

const holds = async (rule: Record<string, unknown>, payload: unknown, p = 'msg.payload') =>
  resolveTemplate(`{{ ${ruleCondition(p, rule as never)} }}`, {
    msg: { payload },
    flow: {},
    vars: {},
  });

describe('switch rules as JSONata conditions', () => {
  it('compares numbers as Node-RED does (10 equals "10")', async () => {
    expect(await holds({ t: 'eq', v: '10', vt: 'num' }, 10)).toBe(true);
    expect(await holds({ t: 'eq', v: '10', vt: 'num' }, '10')).toBe(true);
    expect(await holds({ t: 'neq', v: '10', vt: 'num' }, 11)).toBe(true);
    expect(await holds({ t: 'lt', v: '0', vt: 'num' }, -10)).toBe(true);
    expect(await holds({ t: 'gte', v: '0', vt: 'num' }, '5')).toBe(true);
    expect(await holds({ t: 'btwn', v: '10', vt: 'num', v2: '1', v2t: 'num' }, 5)).toBe(true);
  });

  it('tests text, regex, booleans, null, empty and type', async () => {
    expect(await holds({ t: 'cont', v: 'lo', vt: 'str' }, 'Olá, mundo')).toBe(false);
    expect(await holds({ t: 'cont', v: 'mun', vt: 'str' }, 'Olá, mundo')).toBe(true);
    expect(await holds({ t: 'regex', v: '^OLÁ', case: true }, 'olá')).toBe(true);
    expect(await holds({ t: 'regex', v: '^OLÁ', case: false }, 'olá')).toBe(false);
    expect(await holds({ t: 'true' }, true)).toBe(true);
    expect(await holds({ t: 'null' }, undefined)).toBe(true);
    expect(await holds({ t: 'nnull' }, 0)).toBe(true);
    expect(await holds({ t: 'empty' }, [])).toBe(true);
    expect(await holds({ t: 'empty' }, {})).toBe(true);
    expect(await holds({ t: 'nempty' }, 'x')).toBe(true);
    expect(await holds({ t: 'nempty' }, 5)).toBe(false);
    expect(await holds({ t: 'istype', v: 'array' }, [1])).toBe(true);
    expect(await holds({ t: 'istype', v: 'undefined' }, undefined)).toBe(true);
    expect(await holds({ t: 'jsonata_exp', v: 'payload > 3' }, 4)).toBe(true);
    expect(ruleCondition('msg.payload', { t: 'hask' })).toBeNull();
  });
});

describe('mapSwitch', () => {
  it('makes one named output per rule, in the order of the wires', () => {
    const mapped = mapSwitch(
      ctx({
        property: 'payload',
        propertyType: 'msg',
        checkall: 'false',
        rules: [{ t: 'lt', v: '0', vt: 'num' }, { t: 'else' }],
      }),
    );
    expect(mapped.status).toBe('translated');
    expect(mapped.outputs).toEqual([
      { uid: 's1', output: 'saida_1' },
      { uid: 's1', output: 'saida_2' },
    ]);
    expect(mapped.nodes[0]).toMatchObject({ type: 'core_switch', position: { x: 10, y: 20 } });
  });

  it('says when "check all rules" sends to one output only', () => {
    const mapped = mapSwitch(
      ctx({
        rules: [
          { t: 'gt', v: '0', vt: 'num' },
          { t: 'lt', v: '9', vt: 'num' },
        ],
      }),
    );
    expect(mapped.status).toBe('adapted');
    expect(mapped.notes.join(' ')).toMatch(/só pela primeira/);
  });

  it('becomes a placeholder for a rule Ponte cannot say', () => {
    const mapped = mapSwitch(ctx({ name: 'Sequência', rules: [{ t: 'head', v: '3' }] }));
    expect(mapped.status).toBe('not_translated');
    expect(mapped.nodes[0]).toMatchObject({
      type: 'core_code',
      label: 'Sequência',
      disabled: true,
    });
  });
});

describe('"check all rules" when at most one rule can hold', () => {
  const num = (t: string, v: string) => ({ t, v, vt: 'num' });
  it('is exact for distinct constants and for numeric ranges apart', () => {
    expect(exclusiveRules([num('lt', '0'), num('eq', '0'), num('gt', '0')])).toBe(true);
    expect(
      exclusiveRules([
        { t: 'eq', v: 'a', vt: 'str' },
        { t: 'eq', v: 'b', vt: 'str' },
        { t: 'else' },
      ]),
    ).toBe(true);
    expect(
      exclusiveRules([num('lte', '10'), { t: 'btwn', v: '11', vt: 'num', v2: '20', v2t: 'num' }]),
    ).toBe(true);
  });

  it('is not when two rules can hold together', () => {
    expect(exclusiveRules([num('gt', '-10'), num('lt', '10')])).toBe(false);
    expect(exclusiveRules([num('lte', '0'), num('gte', '0')])).toBe(false);
    expect(
      exclusiveRules([
        { t: 'eq', v: 'a', vt: 'str' },
        { t: 'cont', v: 'a', vt: 'str' },
      ]),
    ).toBe(false);
    const mapped = mapSwitch(
      ctx({ checkall: 'true', rules: [num('lt', '0'), num('eq', '0'), num('gt', '0')] }),
    );
    expect(mapped.status).toBe('translated');
  });
});
