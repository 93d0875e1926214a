import { createHash, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/**
 * The SQS part of the AWS stand-in (./aws.ts, which checks the signature first), AWS JSON 1.0
 * protocol `POST /` with `X-Amz-Target: AmazonSQS.<Action>`
 * (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-making-api-requests-json.html),
 * written from the reference:
 * - SendMessage (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessage.html);
 * - ReceiveMessage (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ReceiveMessage.html):
 *   at most `MaxNumberOfMessages`, 1 to 10, oldest first; each message taken gets a new
 *   `ReceiptHandle` and is hidden for the queue's visibility timeout, 30 s; `MD5OfBody`, and
 *   `Attributes` when `MessageSystemAttributeNames` asks; `{}` when none waits;
 * - DeleteMessage (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_DeleteMessage.html):
 *   by the last `ReceiptHandle`, an empty answer; an unknown handle is `ReceiptHandleIsInvalid`.
 * Refusals are `{__type: 'com.amazonaws.sqs#<Code>', message}`.
 */

/** A message in a stand-in queue; `receipt` and `hiddenUntil` once received. */
export interface SqsMessage {
  id: string;
  body: string;
  sentAt?: number;
  receipt?: string;
  hiddenUntil?: number;
  receives?: number;
}

/** The queue's default visibility timeout. */
const visibilityMs = 30_000;

const md5 = (text = '') => createHash('md5').update(text).digest('hex');

const json = (response: ServerResponse, status: number, body: unknown, type: string) => {
  response.writeHead(status, { 'content-type': type });
  response.end(body === undefined ? '' : JSON.stringify(body));
};

/** The SQS actions on `queues` (messages by queue path, `/123456789012/pedidos`). */
export function createSqsStandIn(queues: Map<string, SqsMessage[]>) {
  const holds = new Map<string, { arrived(): void; released: Promise<void> }>();

  async function answer(target: string, body: string, response: ServerResponse) {
    const type = 'application/x-amz-json-1.0';
    const error = (code: string, message: string) =>
      json(response, 400, { __type: `com.amazonaws.sqs#${code}`, message }, type);
    const input = JSON.parse(body) as {
      QueueUrl?: string;
      MessageBody?: string;
      MaxNumberOfMessages?: number;
      MessageSystemAttributeNames?: string[];
      ReceiptHandle?: string;
    };
    let path = '';
    try {
      path = new URL(input.QueueUrl ?? '').pathname;
    } catch {
      return error('InvalidAddress', 'The address is not valid for this endpoint.');
    }
    const queue = queues.get(path);
    if (!queue) return error('QueueDoesNotExist', 'The specified queue does not exist.');
    switch (target) {
      case 'AmazonSQS.SendMessage': {
        const id = randomUUID();
        queue.push({ id, body: input.MessageBody ?? '', sentAt: Date.now() });
        return json(
          response,
          200,
          { MessageId: id, MD5OfMessageBody: md5(input.MessageBody) },
          type,
        );
      }
      case 'AmazonSQS.ReceiveMessage': {
        const most = input.MaxNumberOfMessages ?? 1;
        if (!Number.isInteger(most) || most < 1 || most > 10)
          return error(
            'InvalidParameterValue',
            'Value for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided.',
          );
        const hold = holds.get(path);
        if (hold) {
          holds.delete(path);
          hold.arrived();
          await hold.released;
        }
        const now = Date.now();
        const taken = queue
          .filter((message) => !message.hiddenUntil || message.hiddenUntil <= now)
          .slice(0, most);
        for (const message of taken) {
          message.receipt = `rh-${randomUUID()}`;
          message.hiddenUntil = now + visibilityMs;
          message.receives = (message.receives ?? 0) + 1;
        }
        if (!taken.length) return json(response, 200, {}, type);
        const attributes = input.MessageSystemAttributeNames?.length;
        return json(
          response,
          200,
          {
            Messages: taken.map((message) => ({
              MessageId: message.id,
              ReceiptHandle: message.receipt,
              MD5OfBody: md5(message.body),
              Body: message.body,
              ...(attributes
                ? {
                    Attributes: {
                      SenderId: 'AIDAEXEMPLO',
                      SentTimestamp: String(message.sentAt ?? now),
                      ApproximateReceiveCount: String(message.receives),
                      ApproximateFirstReceiveTimestamp: String(now),
                    },
                  }
                : {}),
            })),
          },
          type,
        );
      }
      case 'AmazonSQS.DeleteMessage': {
        const at = queue.findIndex((message) => message.receipt === input.ReceiptHandle);
        if (at < 0) return error('ReceiptHandleIsInvalid', 'The input receipt handle is invalid.');
        queue.splice(at, 1);
        return json(response, 200, undefined, type);
      }
      default:
        return error('InvalidAction', `The action ${target} is not valid for this endpoint.`);
    }
  }

  return {
    answer,
    /** The queue's next ReceiveMessage is answered once `release` is called. */
    holdNextReceive(queuePath: string) {
      let arrived = () => {};
      let release = () => {};
      const received = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(queuePath, { arrived, released });
      return { received, release };
    },
  };
}
