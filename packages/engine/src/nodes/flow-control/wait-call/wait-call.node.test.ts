import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../../../testing/engine-harness';

const at = { x: 0, y: 0 };
const node = (uid: string, type: string, params: Record<string, unknown> = {}) => ({
  uid,
  type,
  typeVersion: 1,
  position: at,
  params,
});

/** Trigger → wait (link → 'aviso'; called → 'chamado'; expired → 'expirou'). */
const flow: FlowDocument = {
  version: 1,
  nodes: [
    node('gatilho', 'test_trigger'),
    node('espera', 'core_wait_call', { timeout: 2, timeout_unit: 'd' }),
    node('aviso', 'test_tag', { tag: 'aviso' }),
    node('chamado', 'test_tag', { tag: 'chamado' }),
    node('expirou', 'test_tag', { tag: 'expirou' }),
  ],
  edges: [
    { id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'espera' },
    { id: 'e2', source: 'espera', sourceOutput: 'link', target: 'aviso' },
    { id: 'e3', source: 'espera', sourceOutput: 'default', target: 'chamado' },
    { id: 'e4', source: 'espera', sourceOutput: 'expired', target: 'expirou' },
  ],
};

describe("'Aguardar chamada'", () => {
  it('sends its link, keeps what it resumes with, and the execution ends waiting until it expires', async () => {
    const harness = createHarness();
    const result = await harness.run(flow, { pedido: 9 });
    expect(result.status).toBe('waiting');
    expect(harness.visits).toEqual(['aviso']);
    const [link] = harness.ports.waitLinkList;
    expect(link).toMatchObject({
      link: { nodeUid: 'espera', input: { payload: { pedido: 9 } } },
      status: 'pending',
    });
    expect(link!.link.expiresAt - harness.ports.time).toBe(2 * 86_400_000);
    expect(result.lastMessage).toMatchObject({
      wait: { url: 'https://ponte.test/engine/resume/token-espera-1' },
    });
    expect(result.waiting).toEqual([
      expect.objectContaining({
        node_uid: 'espera',
        wake: expect.objectContaining({
          at: link!.link.expiresAt,
          value: { outcome: 'expired', link: 'espera-1' },
        }),
      }),
    ]);
  });

  it("goes on by 'Chamado' with the caller's body as the payload", async () => {
    const harness = createHarness();
    const result = await harness.run(
      flow,
      {},
      {
        resume: {
          nodeUid: 'espera',
          msg: { payload: { pedido: 9 } },
          value: {
            outcome: 'called',
            link: 'espera-1',
            body: { pago: true },
            query: { via: 'pix' },
          },
        },
      },
    );
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['chamado']);
    expect(result.lastMessage).toMatchObject({
      payload: { pago: true, visited: ['chamado'] },
      call: { query: { via: 'pix' } },
    });
  });

  it("goes on by 'Expirado' with its input when the time ran out, and the link stops taking calls", async () => {
    const harness = createHarness();
    await harness.run(flow, { pedido: 9 });
    const result = await harness.run(
      flow,
      {},
      {
        retries: {
          deliveries: [
            {
              nodeUid: 'espera',
              msg: { payload: { pedido: 9 } },
              attempt: 0,
              resumed: { outcome: 'expired', link: 'espera-1' },
            },
          ],
        },
      },
    );
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['aviso', 'expirou']);
    expect(harness.ports.waitLinkList[0]!.status).toBe('expired');
  });

  it('refuses a time over 30 days on save', async () => {
    const harness = createHarness();
    const long = structuredClone(flow);
    long.nodes[1]!.params = { timeout: 31, timeout_unit: 'd' };
    const result = await harness.run(long, {});
    expect(result.status).toBe('error');
    expect(result.error?.message).toBe('O tempo de espera deve ser de no máximo 30 dias.');
  });
});
