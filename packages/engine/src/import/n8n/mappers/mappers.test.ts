import { describe, expect, it } from 'vitest';
import { importN8n } from '../import-n8n';

/** Imports one n8n node (typeVersion, parameters) and gives its Ponte node and report entry. */
function one(type: string, typeVersion: number, parameters: Record<string, unknown>) {
  const [flow] = importN8n({
    nodes: [
      {
        id: 'n',
        name: 'Nó',
        type: `n8n-nodes-base.${type}`,
        typeVersion,
        position: [0, 0],
        parameters,
      },
    ],
    connections: {},
  }).flows;
  return { node: flow!.data.nodes[0]!, report: flow!.report[0]! };
}

describe('n8n nodes as Ponte nodes', () => {
  it('Wait: n8n defaults by version, a date as the time left, a webhook as "Aguardar chamada", a form not', () => {
    expect(one('wait', 1, {}).node.params).toMatchObject({ amount: 1, unit: 'h' });
    expect(one('wait', 1.1, { amount: 2 }).node.params).toMatchObject({ amount: 2, unit: 's' });
    expect(one('wait', 1.1, { amount: 3, unit: 'days' }).node.params).toMatchObject({
      amount: 72,
      unit: 'h',
    });
    const until = one('wait', 1.1, { resume: 'specificTime', dateTime: '2030-01-01T00:00:00Z' });
    expect(until.node.params).toMatchObject({
      unit: 'ms',
      amount: '{{ $max([0, $toMillis("2030-01-01T00:00:00Z") - $millis()]) }}',
    });
    expect(until.report.status).toBe('adapted');
    expect(one('wait', 1.1, { resume: 'webhook' }).node.type).toBe('core_wait_call');
    expect(one('wait', 1.1, { resume: 'form' }).report.status).toBe('not_translated');
  });

  it('Merge: append joins the items (translated), by position the fields (adapted); choosing a branch is a placeholder', () => {
    const append = one('merge', 2, {});
    expect(append.node.params).toEqual({ mode: 'concat' });
    expect(append.report.status).toBe('translated');
    expect(one('merge', 1, { mode: 'wait' })).toMatchObject({
      node: { params: { mode: 'array' } },
      report: { status: 'adapted' },
    });
    expect(
      one('merge', 3, { mode: 'combine', combineBy: 'combineByPosition' }).node.params,
    ).toEqual({ mode: 'object' });
    const choose = one('merge', 2, { mode: 'chooseBranch' });
    expect(choose).toMatchObject({
      node: { type: 'core_code', disabled: true },
      report: { status: 'not_translated' },
    });
  });

  it('Switch in expression mode: one rule per output, comparing the expression with its index', () => {
    const { node, report } = one('switch', 3, {
      mode: 'expression',
      numberOutputs: 2,
      output: '={{ $json.rota }}',
    });
    expect(node.params.rules).toEqual([
      { output: 'saida_0', condition: '(msg.payload.rota) = 0' },
      { output: 'saida_1', condition: '(msg.payload.rota) = 1' },
    ]);
    expect(report.status).toBe('translated');
  });

  it('Set v3.2: only the selected fields are kept, then the new ones set with their types', () => {
    const { node } = one('set', 3.2, {
      include: 'selected',
      includeFields: 'id, nome',
      fields: { values: [{ name: 'total', type: 'numberValue', numberValue: '12.5' }] },
    });
    expect(node.params.values).toEqual([
      {
        path: 'payload',
        value: '{{ $merge([{}, $sift(msg.payload, function($v, $k) { $k in ["id","nome"] })]) }}',
      },
      { path: 'payload.total', value: '{{ 12.5 }}' },
    ]);
  });

  it('Respond to Webhook: a redirect answers 307 with Location; binary has no equivalent', () => {
    const redirect = one('respondToWebhook', 1.1, {
      respondWith: 'redirect',
      redirectURL: '=https://x.com/{{ $json.id }}',
    });
    expect(redirect.node.params).toMatchObject({
      status: 307,
      headers: [{ key: 'Location', value: 'https://x.com/{{ msg.payload.id }}' }],
    });
    expect(one('respondToWebhook', 1.1, { respondWith: 'binary' }).report.status).toBe(
      'not_translated',
    );
  });

  it('Form Trigger and Python code become placeholders saying why', () => {
    expect(one('formTrigger', 2, { formTitle: 'Contato' }).report.notes[0]).toContain(
      'Formulários',
    );
    expect(
      one('code', 2, { language: 'python', pythonCode: 'return items' }).report.notes[0],
    ).toContain('Python');
  });

  it('Function Item runs its code per item over `item`', () => {
    const { node, report } = one('functionItem', 1, {
      functionCode: 'item.ok = true;\nreturn item;',
    });
    expect(node.type).toBe('core_code');
    expect(String(node.params.code)).toContain('Function Item (antigo)');
    expect(report.status).toBe('translated');
  });
});
