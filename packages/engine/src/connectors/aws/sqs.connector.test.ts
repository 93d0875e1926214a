import { describe, expect, it } from 'vitest';
import { jsonResponse, textResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { awsPorts, callRefusal, testAwsKeys } from './aws-test-fixtures';
import { sqsConnector } from './sqs.connector';

// Answers as the SQS API reference documents them for the AWS JSON protocol:
// https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-making-api-requests-json.html,
// https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessage.html,
// API_ReceiveMessage.html and API_DeleteMessage.html.
const secrets = { [testAwsKeys.accessKeyId]: testAwsKeys.secretAccessKey };
const queue = 'https://sqs.sa-east-1.amazonaws.com/123456789012/pedidos';

const sqsError = (type: string, message: string) =>
  textResponse(400, JSON.stringify({ __type: `com.amazonaws.sqs#${type}`, message }), {
    'content-type': 'application/x-amz-json-1.0',
  });

const run = (ports: ReturnType<typeof awsPorts>, params: Record<string, unknown>) =>
  runNode(sqsConnector, { ports, params: { service_account: 'aws', queue_url: queue, ...params } });

describe('svc_aws_sqs', () => {
  it('sends a message with the JSON protocol target, signed for sqs', async () => {
    const ports = awsPorts();
    ports.httpHandler = () =>
      textResponse(200, JSON.stringify({ MessageId: 'm-1', MD5OfMessageBody: 'x' }), {
        'content-type': 'application/x-amz-json-1.0',
      });
    const { emitted } = await run(ports, {
      operation: 'send_message',
      message_body: '{"pedido":42}',
      delay_seconds: 5,
    });
    const call = ports.httpCalls[0]!;
    expect(call).toMatchObject({ method: 'POST', url: 'https://sqs.sa-east-1.amazonaws.com/' });
    expect(call.headers).toMatchObject({
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'AmazonSQS.SendMessage',
    });
    expect(call.headers.authorization).toContain(
      'SignedHeaders=accept;content-length;content-type;host;x-amz-date;x-amz-target',
    );
    expect(JSON.parse(String(call.body))).toEqual({
      QueueUrl: queue,
      MessageBody: '{"pedido":42}',
      DelaySeconds: 5,
    });
    expect(callRefusal(call, secrets, { region: 'sa-east-1', service: 'sqs' })).toBeNull();
    expect(emitted[0]!.msg.payload).toEqual({ MessageId: 'm-1', MD5OfMessageBody: 'x' });
  });

  it('receives messages with long polling, and an empty queue gives an empty list', async () => {
    const ports = awsPorts();
    const message = { MessageId: 'm-1', ReceiptHandle: 'rh-1', Body: 'oi', MD5OfBody: 'x' };
    const answers = [jsonResponse(200, { Messages: [message] }), jsonResponse(200, {})];
    ports.httpHandler = () => answers.shift()!;
    const got = await run(ports, {
      operation: 'receive_messages',
      max_messages: 10,
      wait_seconds: 20,
    });
    expect(ports.httpCalls[0]!.headers['x-amz-target']).toBe('AmazonSQS.ReceiveMessage');
    expect(JSON.parse(String(ports.httpCalls[0]!.body))).toEqual({
      QueueUrl: queue,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 20,
      MessageAttributeNames: ['All'],
      MessageSystemAttributeNames: ['All'],
    });
    expect(got.emitted[0]!.msg.payload).toEqual([message]);
    const empty = await run(ports, { operation: 'receive_messages' });
    expect(empty.emitted[0]!.msg.payload).toEqual([]);
  });

  it('deletes a message by its receipt handle', async () => {
    const ports = awsPorts();
    ports.httpHandler = () =>
      textResponse(200, '', { 'content-type': 'application/x-amz-json-1.0' });
    const { emitted } = await run(ports, { operation: 'delete_message', receipt_handle: 'rh-1' });
    expect(ports.httpCalls[0]!.headers['x-amz-target']).toBe('AmazonSQS.DeleteMessage');
    expect(JSON.parse(String(ports.httpCalls[0]!.body))).toEqual({
      QueueUrl: queue,
      ReceiptHandle: 'rh-1',
    });
    expect(emitted[0]!.msg.payload).toEqual({ deleted: true });
  });

  it('says a missing queue and a bad receipt handle in pt-BR, naming the field', async () => {
    const ports = awsPorts();
    ports.httpHandler = () => sqsError('QueueDoesNotExist', 'The specified queue does not exist.');
    await expect(run(ports, { operation: 'send_message', message_body: 'oi' })).rejects.toThrow(
      'O Amazon SQS recusou a chamada: não existe fila com a "URL da fila" informada (nesta região) (QueueDoesNotExist: The specified queue does not exist.).',
    );
    ports.httpHandler = () =>
      sqsError('ReceiptHandleIsInvalid', 'The input receipt handle is invalid.');
    await expect(run(ports, { operation: 'delete_message', receipt_handle: 'x' })).rejects.toThrow(
      'O Amazon SQS recusou a chamada: o "Recibo da mensagem" não é válido (ou já expirou) (ReceiptHandleIsInvalid: The input receipt handle is invalid.).',
    );
    ports.httpHandler = () => sqsError('OverLimit', 'Too many inflight messages.');
    await expect(run(ports, { operation: 'receive_messages' })).rejects.toThrow(
      'O Amazon SQS recusou a chamada: OverLimit: Too many inflight messages.',
    );
  });

  it('waits when SQS throttles with its own 400 code, as on a 429', async () => {
    const ports = awsPorts();
    const answers = [
      sqsError('RequestThrottled', 'Rate exceeded'),
      textResponse(429, '{}', { 'content-type': 'application/x-amz-json-1.0' }),
      jsonResponse(200, { MessageId: 'm-3' }),
    ];
    const times: number[] = [];
    ports.httpHandler = () => {
      times.push(ports.time);
      return answers.shift()!;
    };
    const { emitted } = await run(ports, { operation: 'send_message', message_body: 'oi' });
    expect(times.slice(1).map((time, at) => time - times[at]!)).toEqual([1_000, 2_000]);
    expect(emitted[0]!.msg.payload).toEqual({ MessageId: 'm-3' });
  });
});
