import { describe, expect, it } from 'vitest';
import { validateFlow } from '@ponte/shared/flow/flow-validator';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { builtinNodes } from '../nodes/index';
import { createRegistry } from './registry';

const library = createRegistry(builtinNodes);
const node = (uid: string, type: string, params: Record<string, unknown>, label?: string) =>
  ({
    uid,
    type,
    typeVersion: 1,
    position: { x: 0, y: 0 },
    params,
    ...(label ? { label } : {}),
  }) satisfies FlowNode;
const doc = (nodes: FlowNode[]) => ({
  version: 1,
  nodes,
  edges: nodes.slice(1).map((target, index) => ({
    id: `e${index}`,
    source: nodes[index]!.uid,
    sourceOutput: 'default',
    target: target.uid,
  })),
});
const errorsOf = (nodes: FlowNode[]) =>
  validateFlow(doc(nodes), library.manifest, { checkParams: library.checkParams }).filter(
    (issue) => issue.level === 'error',
  );

describe("the built-in nodes' own checks, as the validator reports them", () => {
  it('refuses an invalid cron expression or time zone of a schedule, naming the node', () => {
    const schedule = (params: Record<string, unknown>) => [
      node('s', 'core_schedule_trigger', params, 'Todo dia'),
    ];
    expect(errorsOf(schedule({ cron: '0 9 * * 1-5' }))).toEqual([]);
    expect(errorsOf(schedule({ cron: '0 0 9 * * 1-5', timezone: 'Europe/Lisbon' }))).toEqual([]);
    expect(errorsOf(schedule({ cron: '{{ $vars.CRON }}' }))).toEqual([]);
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

  it('refuses a wait beyond 30 days in any unit, and leaves expressions to the run', () => {
    const wait = (params: Record<string, unknown>) => [
      node('t', 'core_manual_trigger', {}),
      node('d', 'core_delay', params, 'Espera'),
    ];
    expect(errorsOf(wait({ amount: 720, unit: 'h' }))).toEqual([]);
    expect(errorsOf(wait({ amount: '{{ msg.payload.espera }}', unit: 'h' }))).toEqual([]);
    expect(errorsOf(wait({ amount: 1e20, unit: 's' }))).toEqual([
      {
        level: 'error',
        code: 'param_type',
        node_uid: 'd',
        message: 'O conector "Espera": O tempo de espera deve ser de no máximo 30 dias.',
      },
    ]);
    expect(errorsOf(wait({ amount: 721, unit: 'h' }))).toHaveLength(1);
    expect(errorsOf(wait({ amount: 2_592_000_001, unit: 'ms' }))).toHaveLength(1);
  });

  it('refuses a {{ }} that JSONata cannot read, naming the param, with the pt-BR reason', () => {
    const flow = (params: Record<string, unknown>, type = 'core_log') => [
      node('t', 'core_manual_trigger', {}),
      node('n', type, params, 'Registrar'),
    ];
    expect(errorsOf(flow({ label: 'x', message: 'Total: {{ {"a": {"b": 1}}.a.b }}' }))).toEqual([]);
    expect(errorsOf(flow({ label: 'x', message: 'Total: {{ $substring("abc" x) }}' }))).toEqual([
      {
        level: 'error',
        code: 'param_type',
        node_uid: 'n',
        message:
          'O conector "Registrar": o parâmetro "Mensagem" tem uma expressão que não pode ser lida: ' +
          'S0202: Esperava ")", mas encontrou "x" (posição 18)',
      },
    ]);
    const cell = { values: [{ path: 'payload.a', value: '{{ (1 + }}' }] };
    expect(errorsOf(flow(cell, 'core_set'))[0]?.message).toBe(
      'O conector "Registrar": o parâmetro "Valores" tem uma expressão que não pode ser lida: ' +
        'S0203: Esperava ")" antes do fim da expressão (posição 4)',
    );
    // JavaScript is not a template: `{{` in code is code.
    expect(errorsOf(flow({ code: 'const o = {{ (1 + }}' }, 'core_code'))).toEqual([]);
  });
});
