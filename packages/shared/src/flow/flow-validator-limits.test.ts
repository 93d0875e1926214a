import { describe, expect, it } from 'vitest';
import { limits } from '../limits';
import { flow, lookup as baseLookup, node } from './flow-test-fixtures';
import type { ManifestLookup } from './flow-operations';
import type { NodeManifest } from './node-manifest.schema';
import { validateFlow } from './flow-validator';

const extra: NodeManifest[] = [
  {
    type: 'core_schedule_trigger',
    version: 1,
    category: 'trigger',
    label: 'Agendamento',
    description: '',
    icon: 'calendar-time',
    params: {
      cron: { type: 'text', label: 'Expressão cron', required: true },
      timezone: { type: 'text', label: 'Fuso horário', default: 'America/Sao_Paulo' },
    },
    outputs: { default: { label: 'Saída' } },
  },
  {
    type: 'core_delay',
    version: 1,
    category: 'flow_control',
    label: 'Aguardar',
    description: '',
    icon: 'clock-pause',
    params: {
      amount: { type: 'number', label: 'Quantidade', required: true, min: 0 },
      unit: {
        type: 'select',
        label: 'Unidade',
        default: 's',
        options: ['ms', 's', 'min', 'h'].map((value) => ({ label: value, value })),
      },
    },
    outputs: { default: { label: 'Saída' } },
  },
];
const lookup: ManifestLookup = (type, version) =>
  extra.find((m) => m.type === type) ?? baseLookup(type, version);

const trigger = node('t', 'core_manual_trigger');
const errorsOf = (doc: unknown) =>
  validateFlow(doc, lookup).filter((issue) => issue.level === 'error');

describe('validateFlow: values a node could not run with', () => {
  it("reports the node type's own check of its params, naming the node", () => {
    const doc = flow([node('s', 'core_schedule_trigger', { cron: 'x' }, { label: 'Todo dia' })]);
    const checkParams = (checked: { params: Record<string, unknown> }) =>
      checked.params.cron === 'x' ? 'Expressão cron inválida: "x".' : null;
    expect(errorsOf(doc)).toEqual([]);
    expect(validateFlow(doc, lookup, { checkParams })).toEqual([
      {
        level: 'error',
        code: 'param_type',
        node_uid: 's',
        message: 'O conector "Todo dia": Expressão cron inválida: "x".',
      },
    ]);
  });

  it('checks the minimum and maximum of number params', () => {
    const delay = (amount: unknown) =>
      flow([trigger, node('d', 'core_delay', { amount }, { label: 'Espera' })], [['t', 'd']]);
    expect(errorsOf(delay(0))).toEqual([]);
    expect(errorsOf(delay('{{ msg.payload.espera }}'))).toEqual([]);
    expect(errorsOf(delay(-1)).map((issue) => issue.message)).toEqual([
      'O parâmetro "Quantidade" do conector "Espera" deve ser no mínimo 0.',
    ]);
    expect(errorsOf(delay('-5')).map((issue) => issue.message)).toEqual([
      'O parâmetro "Quantidade" do conector "Espera" deve ser no mínimo 0.',
    ]);
  });

  it('refuses params above the size limit and nested too deep, and a NUL anywhere', () => {
    const big = 'x'.repeat(limits.nodeParamsMaxBytes);
    const large = errorsOf(flow([trigger, node('l', 'core_log', { message: big })], [['t', 'l']]));
    expect(large).toEqual([
      {
        level: 'error',
        code: 'too_large',
        node_uid: 'l',
        message: 'Os parâmetros do conector "l" passam do tamanho máximo de 256 KB.',
      },
    ]);
    let deep: unknown = 'fundo';
    for (let level = 0; level < limits.jsonDepthMax + 1; level++) deep = [deep];
    const nested = errorsOf(flow([trigger, node('l', 'core_log', { deep })], [['t', 'l']]));
    expect(nested[0]).toMatchObject({ code: 'too_large', node_uid: 'l' });

    const nul = errorsOf(flow([trigger, node('l', 'core_log', { message: 'a\u0000' })]));
    expect(nul[0]).toMatchObject({ code: 'schema' });
    expect(nul[0]!.message).toContain('caractere nulo');
  });

  it('counts pinned data in the size limit and says so', () => {
    const doc = flow([trigger, node('l', 'core_log')], [['t', 'l']]);
    const text = 'x'.repeat(1024 * 1024);
    const items = Array.from({ length: 9 }, () => ({ output: 'default', msg: { text } }));
    const issues = errorsOf({ ...doc, pins: { l: items } });
    expect(issues).toEqual([
      {
        level: 'error',
        code: 'too_large',
        message:
          'O fluxo passa do tamanho máximo de 8192 KB. Os dados fixados ocupam 9216 KB: remova ou reduza os dados fixados de algum conector.',
      },
    ]);
  });
});
