import { describe, expect, it } from 'vitest';
import { jsonResponse, textResponse } from '../../testing/fake-ports';
import { awsPorts, callRefusal, testAwsKeys } from './aws-test-fixtures';
import { sqsPoller } from './sqs.poller';

// Answers as the SQS API reference documents them for the AWS JSON protocol:
// https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ReceiveMessage.html
// and API_DeleteMessage.html; a refusal is `{__type, message}` with status 400.
const secrets = { [testAwsKeys.accessKeyId]: testAwsKeys.secretAccessKey };
const queue = 'https://sqs.sa-east-1.amazonaws.com/123456789012/pedidos';

/** A queue: ReceiveMessage gives up to 10 of its messages, DeleteMessage removes one. */
function sqs(bodies: string[]) {
  const ports = awsPorts();
  const waiting = bodies.map((Body, i) => ({
    MessageId: `m-${i + 1}`,
    ReceiptHandle: `rh-${i + 1}`,
    Body,
  }));
  ports.httpHandler = (request) => {
    const body = JSON.parse(String(request.body)) as Record<string, unknown>;
    if (request.headers['x-amz-target'] === 'AmazonSQS.DeleteMessage') {
      const at = waiting.findIndex((m) => m.ReceiptHandle === body.ReceiptHandle);
      if (at < 0)
        return textResponse(
          400,
          JSON.stringify({ __type: 'com.amazonaws.sqs#ReceiptHandleIsInvalid', message: 'x' }),
        );
      waiting.splice(at, 1);
      return jsonResponse(200, {});
    }
    return jsonResponse(200, { Messages: waiting.slice(0, Number(body.MaxNumberOfMessages)) });
  };
  return { ports, waiting };
}

const poll = (ports: ReturnType<typeof awsPorts>, cursor: unknown) =>
  sqsPoller.poller!.poll({
    accountId: 'aws',
    params: { service_account: 'aws', queue_url: queue },
    cursor,
    ports,
    scope: { workspaceId: 'ws-1', flowId: 'flow-1', executionId: '' },
    signal: new AbortController().signal,
  });

describe('svc_aws_sqs_poll', () => {
  it('delivers what waits in the queue from the first poll (no cursor), and deletes each message when settled', async () => {
    const { ports, waiting } = sqs(['pedido 1', 'pedido 2']);
    const first = await poll(ports, null);
    const receive = ports.httpCalls[0]!;
    expect(JSON.parse(String(receive.body))).toMatchObject({
      QueueUrl: queue,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 0,
    });
    expect(receive.headers['x-amz-target']).toBe('AmazonSQS.ReceiveMessage');
    expect(callRefusal(receive, secrets, { region: 'sa-east-1', service: 'sqs' })).toBeNull();
    expect(first.events.map((e) => [e.event, e.key])).toEqual([
      ['message_received', 'm-1'],
      ['message_received', 'm-2'],
    ]);
    expect(first.events[0]!.payload).toMatchObject({ Body: 'pedido 1' });
    expect(waiting).toHaveLength(2);
    await first.settle!(first.events[0]!);
    expect(waiting.map((m) => m.MessageId)).toEqual(['m-2']);
    const remove = ports.httpCalls.at(-1)!;
    expect(JSON.parse(String(remove.body))).toEqual({ QueueUrl: queue, ReceiptHandle: 'rh-1' });
    expect(callRefusal(remove, secrets, { region: 'sa-east-1', service: 'sqs' })).toBeNull();

    // Only the message not taken comes again.
    const second = await poll(ports, first.cursor);
    expect(second.events.map((e) => e.key)).toEqual(['m-2']);
  });

  it("says SQS's refusal in pt-BR", async () => {
    const ports = awsPorts();
    ports.httpHandler = () =>
      textResponse(
        400,
        JSON.stringify({ __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'no queue' }),
        { 'content-type': 'application/x-amz-json-1.0' },
      );
    await expect(poll(ports, {})).rejects.toThrow('não existe fila com a "URL da fila" informada');
  });
});
