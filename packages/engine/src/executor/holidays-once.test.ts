import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../testing/engine-harness';
import { createFakePorts, testScope, testSignal } from '../testing/fake-ports';
import { holidaysOnce } from './holidays-once';

const carnival = { date: '2027-02-09', name: 'Carnaval da empresa', recurring: false };
const anniversary = { date: '2020-01-25', name: 'Aniversário da cidade', recurring: true };

/** A trigger and one `test_tag` whose tag is `tag` (an expression, resolved by the executor). */
function flowTagging(tag: string): FlowDocument {
  return {
    version: 1,
    nodes: [
      { uid: 't', type: 'test_trigger', typeVersion: 1, params: {}, position: { x: 0, y: 0 } },
      { uid: 'a', type: 'test_tag', typeVersion: 1, params: { tag }, position: { x: 100, y: 0 } },
    ],
    edges: [{ id: 'e0', source: 't', sourceOutput: 'default', target: 'a' }],
  } as FlowDocument;
}

describe("the workspace's holidays of an execution", () => {
  it('are not asked of the port when no expression uses them', async () => {
    const harness = createHarness();
    harness.ports.holidays.values = [carnival];
    const result = await harness.run(flowTagging('{{ msg.payload.x }}'), { x: 'sem feriado' });
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['sem feriado']);
    expect(harness.ports.holidays.calls).toBe(0);
  });

  it('are asked once however many times the expressions use them', async () => {
    const harness = createHarness();
    harness.ports.holidays.values = [carnival, anniversary];
    const twice = '{{ $string($count($$.holidays()) + $count($$.holidays())) }}';
    const result = await harness.run(flowTagging(twice));
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['4']);
    expect(harness.ports.holidays.calls).toBe(1);
  });

  it("make the business-day functions skip the workspace's days, asked once for two calls", async () => {
    const harness = createHarness();
    harness.ports.holidays.values = [
      { date: '2026-12-02', name: 'Inventário', recurring: false },
      { date: '2020-12-03', name: 'Aniversário da empresa', recurring: true },
    ];
    const both = '{{ $string($diaUtil("2026-12-02")) & " " & $nDiaUtil("2026-12", 5) }}';
    const result = await harness.run(flowTagging(both));
    expect(result.status).toBe('success');
    // 1 December, then the 4th, 7th, 8th and 9th: the 2nd and the 3rd are the workspace's.
    expect(harness.visits).toEqual(['false 2026-12-09']);
    expect(harness.ports.holidays.calls).toBe(1);
  });

  it('share one answer, and ask again after a failed one', async () => {
    const ports = createFakePorts();
    ports.holidays.values = [anniversary];
    let fail = true;
    const list = ports.holidays.list;
    ports.holidays.list = (scope, signal) =>
      fail ? Promise.reject(new Error('O banco de dados não respondeu.')) : list(scope, signal);
    const holidays = holidaysOnce(ports.holidays, testScope, testSignal);
    await expect(holidays()).rejects.toThrow('O banco de dados não respondeu.');
    fail = false;
    expect(await holidays()).toEqual([anniversary]);
    expect(await holidays()).toEqual([anniversary]);
    expect(ports.holidays.calls).toBe(1);
  });
});
