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
  it('refuses an invalid cron expression or time zone, naming the node', () => {
    const schedule = (params: Record<string, unknown>) =>
      flow([node('s', 'core_schedule_trigger', params, { label: 'Todo dia' })]);
    expect(errorsOf(schedule({ cron: '0 9 * * 1-5' }))).toEqual([]);
    expect(errorsOf(schedule({ cron: '0 9 * * 1-5', timezone: 'Europe/Lisbon' }))).toEqual([]);
    expect(errorsOf(schedule({ cron: 'toda hora' }))).toEqual([
      {
        level: 'error',
        code: 'param_type',
        node_uid: 's',
        message:
          'O conector "Todo dia": Expressão cron inválida: "toda hora". Use 5 ou 6 campos (segundos opcionais), ex.: 0 */5 * * * *',
      },
    ]);
    expect(errorsOf(schedule({ cron: '0 9 * * *', timezone: 'Marte/Olimpo' }))).toEqual([
      expect.objectContaining({
        code: 'param_type',
        message: 'O conector "Todo dia": Fuso horário desconhecido: Marte/Olimpo.',
      }),
    ]);
    expect(errorsOf(schedule({ cron: '0 0 30 2 *' }))[0]?.message).toContain('nunca dispara');
  });

  it('refuses a wait beyond 30 days or below zero, in any unit', () => {
    const delay = (params: Record<string, unknown>) =>
      flow([trigger, node('d', 'core_delay', params, { label: 'Espera' })], [['t', 'd']]);
    expect(errorsOf(delay({ amount: 30 * 24, unit: 'h' }))).toEqual([]);
    expect(errorsOf(delay({ amount: '{{ msg.payload.espera }}', unit: 's' }))).toEqual([]);
    expect(errorsOf(delay({ amount: 1e20, unit: 's' }))).toEqual([
      {
        level: 'error',
        code: 'param_type',
        node_uid: 'd',
        message: 'O conector "Espera": O tempo de espera deve ser de no máximo 30 dias.',
      },
    ]);
    expect(errorsOf(delay({ amount: 31, unit: 'h' })).length).toBe(0);
    expect(errorsOf(delay({ amount: 721, unit: 'h' })).length).toBe(1);
    expect(errorsOf(delay({ amount: -1, unit: 's' })).map((issue) => issue.message)).toContain(
      'O parâmetro "Quantidade" do conector "Espera" deve ser no mínimo 0.',
    );
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
});
