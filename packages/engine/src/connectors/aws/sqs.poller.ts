import { defineConnectorPoller } from '../kit/define-connector-poller';
import { jsonAnswer } from './aws-account';
import { action, queueUrl, queueUrlParam, sqsService } from './sqs.connector';

/**
 * Amazon SQS' 'Nova mensagem' by polling (docs/adr/0091): `ReceiveMessage` with at most 10
 * messages and no wait (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ReceiveMessage.html),
 * then `DeleteMessage` of each one once its execution is enqueued
 * (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_DeleteMessage.html).
 * The queue keeps no cursor: a message taken is deleted, one not deleted (the server stopped
 * before) comes back after the queue's visibility timeout.
 */

interface SqsMessage {
  MessageId?: string;
  ReceiptHandle?: string;
}

export const sqsPoller = defineConnectorPoller({
  connector: sqsService,
  label: 'Amazon SQS: nova mensagem',
  description:
    'Inicia o flow a cada mensagem de uma fila do Amazon SQS, consultando a fila de tempos em tempos; a mensagem é apagada da fila depois que a execução foi criada.',
  icon: 'brand-aws',
  event: 'message_received',
  queue: true,
  params: { queue_url: queueUrlParam },
  async poll({ params, call }) {
    const answer = await call(
      action('ReceiveMessage', {
        QueueUrl: queueUrl(params),
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 0,
        MessageAttributeNames: ['All'],
        MessageSystemAttributeNames: ['All'],
      }),
    );
    const messages = jsonAnswer(answer).Messages;
    return {
      events: (Array.isArray(messages) ? (messages as SqsMessage[]) : []).map((message) => ({
        event: 'message_received',
        payload: message,
        ...(message.MessageId ? { key: message.MessageId } : {}),
      })),
      cursor: {},
    };
  },
  async settle({ params, call }, event) {
    await call(
      action('DeleteMessage', {
        QueueUrl: queueUrl(params),
        ReceiptHandle: String((event.payload as SqsMessage).ReceiptHandle ?? ''),
      }),
    );
  },
});
