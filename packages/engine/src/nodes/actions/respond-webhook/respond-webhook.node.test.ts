import { describe, expect, it } from 'vitest';
import type { WebhookResponse } from '../../../kit/context';
import { runNode } from '../../../testing/run-node';
import { respondWebhookNode } from './respond-webhook.node.ts';

describe('core_respond_webhook', () => {
  it('answers the waiting webhook with status, headers and the computed body', async () => {
    const answers: WebhookResponse[] = [];
    const input = { payload: { total: 30 } };
    const { emitted } = await runNode(respondWebhookNode, {
      input,
      respond: (response) => answers.push(response),
      params: {
        status: 201,
        headers: [{ key: 'X-Pedido', value: '{{ msg.payload.total }}' }],
        body: '{{ {"dobro": msg.payload.total * 2} }}',
      },
    });
    expect(answers).toEqual([{ status: 201, headers: { 'x-pedido': '30' }, body: { dobro: 60 } }]);
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
  });

  it('answers 200 with msg.payload by default', async () => {
    const answers: WebhookResponse[] = [];
    await runNode(respondWebhookNode, {
      input: { payload: 'ok' },
      respond: (r) => answers.push(r),
    });
    expect(answers).toEqual([{ status: 200, headers: {}, body: 'ok' }]);
  });

  it('only notes it in the debug log when no webhook waits', async () => {
    const { logs } = await runNode(respondWebhookNode, { input: { payload: 1 } });
    expect(logs).toEqual([
      {
        type: 'debug',
        label: 'Responder webhook',
        message: 'Nenhum webhook aguardando resposta nesta execução.',
      },
    ]);
  });
});
