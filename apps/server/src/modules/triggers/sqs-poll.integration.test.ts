import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { pollCursorOf, pollFailureLines } from '../../test/poll-fixtures';
import { startAwsStandIn, type AwsStandIn } from '../../test/stand-ins/aws';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { until } from '../../test/until';
import { createManualClock } from './timer-clock';

// AWS is never reached: a stand-in of Amazon SQS' JSON protocol answers on 127.0.0.14, opened
// to the network guard, and checks each SigV4 signature: `ReceiveMessage`
// (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ReceiveMessage.html)
// and `DeleteMessage`
// (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_DeleteMessage.html).
// The polls' clock moves by hand.
const keyId = 'AKIAFILAEXEMPLO';
const secret = 'segredo-da-fila';
const queueUrl = (name: string) => `https://sqs.sa-east-1.amazonaws.com/123456789012/${name}`;
let aws: AwsStandIn;
beforeAll(async () => {
  aws = await startAwsStandIn('127.0.0.14', { [keyId]: secret });
});
afterAll(() => aws.close());

const targets = () =>
  aws.calls
    .filter((call) => call.service === 'sqs')
    .map((call) => ({
      target: call.headers['x-amz-target'],
      ...(JSON.parse(call.body) as { ReceiptHandle?: string }),
    }));

describe("Amazon SQS' 'Nova mensagem' polling trigger", () => {
  const clock = createManualClock(Date.parse('2026-11-23T12:00:00.000Z'));
  const t = useTestApp('embedded', {
    httpAllowedNetworks: ['127.0.0.14/32'],
    triggerClock: clock,
  });

  async function sqsFlow(owner: TestAccount, queue: string) {
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: 'AWS da loja',
      auth_type: 'aws_access_key',
      aws_access_key: {
        access_key_id: keyId,
        secret_access_key: secret,
        region: 'sa-east-1',
        api_url: aws.url,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return createFlow(
      t,
      owner,
      chain(
        {
          type: 'svc_aws_sqs_poll',
          uid: 'fila',
          params: { service_account: created.json()._id as string, queue_url: queueUrl(queue) },
        },
        { type: 'core_log', params: { label: 'Pedido', message: '{{ msg.payload.Body }}' } },
      ),
    );
  }

  it('starts one execution per waiting message on the first poll and deletes each from the queue', async () => {
    const queue = aws.queues.get('/123456789012/pedidos')!;
    queue.push(
      { id: 'msg-1', body: '{"pedido":1}', sentAt: Date.now() },
      { id: 'msg-2', body: '{"pedido":2}', sentAt: Date.now() },
    );
    const owner = await t.createAccount();
    const flowId = await sqsFlow(owner, 'pedidos');

    // 12:05, the first poll: what waits in a queue was not seen yet, so it starts the flow.
    await clock.advance(5 * 60_000);
    const runs = (await finished(t, flowId, 2)).sort(
      (a, b) => a.queuedAt.getTime() - b.queuedAt.getTime(),
    );
    expect(runs.map((run) => [run.status, run.triggerNodeUid])).toEqual([
      ['success', 'fila'],
      ['success', 'fila'],
    ]);
    expect(runs.map((run) => run.triggerMsg)).toMatchObject([
      { event: 'message_received', payload: { MessageId: 'msg-1', Body: '{"pedido":1}' } },
      { event: 'message_received', payload: { MessageId: 'msg-2', Body: '{"pedido":2}' } },
    ]);

    // Each message is deleted by the handle it was received with: the queue is empty.
    await until(() => queue.length === 0, 'a fila vazia');
    const handles = runs.map(
      (run) => (run.triggerMsg as { payload: { ReceiptHandle: string } }).payload.ReceiptHandle,
    );
    expect(targets().filter((call) => call.target === 'AmazonSQS.DeleteMessage')).toEqual(
      handles.map((handle) => expect.objectContaining({ ReceiptHandle: handle })),
    );
    expect((await pollCursorOf(t, flowId))?.lastError).toBeNull();
  });

  it('keeps a message in the queue when its execution could not be created', async () => {
    // A queue of its own: the first test's flow goes on polling its queue.
    const queue = [{ id: 'msg-3', body: '{"pedido":3}', sentAt: Date.now() }];
    aws.queues.set('/123456789012/devolucoes', queue);
    const owner = await t.createAccount();
    const flowId = await sqsFlow(owner, 'devolucoes');
    const deletesBefore = targets().filter((call) => call.target === 'AmazonSQS.DeleteMessage');

    // The poll takes the message; meanwhile the flow is removed: no execution can be created.
    const held = aws.holdNextReceive('/123456789012/devolucoes');
    await clock.advance(5 * 60_000);
    await held.received;
    const removed = await t.request(owner.token).delete(`/api/v1/flows/${flowId}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    held.release();

    // The poll fails: a line in the flow's logs, and the message is not deleted.
    expect(await pollFailureLines(t, flowId)).toEqual([
      'O gatilho "Amazon SQS: nova mensagem" consultou o serviço, mas não conseguiu iniciar uma execução: Flow não encontrado. A próxima consulta tenta de novo.',
    ]);
    expect(queue.map((message) => message.id)).toEqual(['msg-3']);
    expect(targets().filter((call) => call.target === 'AmazonSQS.DeleteMessage')).toEqual(
      deletesBefore,
    );
  });
});
