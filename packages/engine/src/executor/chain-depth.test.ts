import { afterAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createIsolatedSandbox } from '../sandbox/isolated-sandbox';
import { createHarness } from '../testing/engine-harness';
import { jsonResponse } from '../testing/fake-ports';

const sandbox = createIsolatedSandbox();
afterAll(() => sandbox.dispose());

/** manual trigger → HTTP request → code that fetches → call another flow. */
const flow: FlowDocument = {
  version: 1,
  nodes: [
    { uid: 't', type: 'core_manual_trigger', typeVersion: 1, position: { x: 0, y: 0 }, params: {} },
    {
      uid: 'http',
      type: 'core_http_request',
      typeVersion: 1,
      position: { x: 200, y: 0 },
      params: { url: 'https://api.exemplo/a' },
    },
    {
      uid: 'code',
      type: 'core_code',
      typeVersion: 1,
      position: { x: 400, y: 0 },
      params: { code: "await fetch('https://api.exemplo/b'); return msg;" },
    },
  ],
  edges: [
    { id: 'e1', source: 't', sourceOutput: 'default', target: 'http' },
    { id: 'e2', source: 'http', sourceOutput: 'default', target: 'code' },
  ],
};

describe('chain depth of an execution', () => {
  it('travels with every outbound request of its nodes as the depth of what they may start', async () => {
    const harness = createHarness({ sandbox });
    harness.ports.httpHandler = () => jsonResponse(200, { ok: true });

    const outside = await harness.run(flow);
    expect(outside.status, outside.error?.message).toBe('success');
    const chained = await harness.run(flow, {}, { chainDepth: 3 });
    expect(chained.status, chained.error?.message).toBe('success');

    expect(harness.ports.httpCalls.map((call) => [call.url, call.chainDepth])).toEqual([
      ['https://api.exemplo/a', 1],
      ['https://api.exemplo/b', 1],
      ['https://api.exemplo/a', 4],
      ['https://api.exemplo/b', 4],
    ]);
  });
});
