import {
  defineConnector,
  type ConnectorResponse,
  type ConnectorService,
} from '../kit/define-connector';
import {
  awsAuthorize,
  awsRefusal,
  jsonAnswer,
  jsonErrorCode,
  jsonErrorMessage,
  regionalEndpoint,
} from './aws-account';

/**
 * Amazon SQS, AWS JSON protocol 1.0
 * (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/ and
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-making-api-requests-json.html):
 * `POST /` with `X-Amz-Target: AmazonSQS.<Action>` and `Content-Type:
 * application/x-amz-json-1.0`, the queue's URL in the body, signed with SigV4 (service `sqs`);
 * a refusal is `{__type: "com.amazonaws.sqs#QueueDoesNotExist", message}`.
 */

const label = 'Amazon SQS';

/** SQS's refusals people meet most, in pt-BR and naming the field. */
const known: Record<string, string> = {
  QueueDoesNotExist: 'não existe fila com a "URL da fila" informada (nesta região)',
  'AWS.SimpleQueueService.NonExistentQueue':
    'não existe fila com a "URL da fila" informada (nesta região)',
  ReceiptHandleIsInvalid: 'o "Recibo da mensagem" não é válido (ou já expirou)',
  InvalidMessageContents: 'a "Mensagem" tem caracteres que o SQS não aceita',
  InvalidAddress: 'a "URL da fila" não é um endereço de fila válido',
  MissingParameter: 'falta um parâmetro obrigatório (numa fila FIFO, o "ID do grupo")',
  InvalidParameterValue: 'um dos parâmetros tem um valor que o SQS não aceita',
  QueueDeletedRecently: 'a fila da "URL da fila" foi apagada há pouco',
};

/** SQS says it limits the calls with a 400 of its own codes: the kit waits as on a 429. */
const throttled = new Set(['RequestThrottled', 'ThrottlingException', 'KmsThrottled']);

function errorMessage(response: ConnectorResponse): string | undefined {
  return awsRefusal(label, known, jsonErrorCode(response), jsonErrorMessage(response));
}

/** One SQS action: `POST /` with its target header and its JSON body. */
export const action = (name: string, json: Record<string, unknown>) => ({
  method: 'POST' as const,
  path: '',
  json,
  headers: {
    'content-type': 'application/x-amz-json-1.0',
    'x-amz-target': `AmazonSQS.${name}`,
  },
});

export const queueUrl = (params: Record<string, unknown>) => {
  const url = String(params.queue_url ?? '').trim();
  if (!url) throw new Error('Informe a "URL da fila".');
  return url;
};

/** A number param given, or nothing when it is empty. */
const optionalNumber = (value: unknown) =>
  value === undefined || value === null || value === '' ? undefined : Number(value);

/** SQS's account, address, signature and refusals: the connector's and the poller's. */
export const sqsService: ConnectorService = {
  service: 'aws_sqs',
  label,
  accountTypes: ['aws_access_key'],
  baseUrl: regionalEndpoint('sqs'),
  authorize: awsAuthorize('sqs'),
  errorMessage,
  rateLimited: (response) => throttled.has(jsonErrorCode(response) ?? ''),
};

/** 'URL da fila'. */
export const queueUrlParam = {
  type: 'text',
  label: 'URL da fila',
  required: true,
  placeholder: 'https://sqs.sa-east-1.amazonaws.com/123456789012/pedidos',
  description: 'A URL que o console do SQS mostra na fila; ela deve ser da região da conta.',
} as const;

export const sqsConnector = defineConnector({
  ...sqsService,
  description: 'Envia, recebe e apaga mensagens em filas do Amazon SQS.',
  icon: 'brand-aws',
  params: {
    queue_url: queueUrlParam,
    message_body: { type: 'textarea', label: 'Mensagem', required: true },
    delay_seconds: {
      type: 'number',
      label: 'Atraso (segundos)',
      min: 0,
      max: 900,
      description: 'Quanto tempo a mensagem espera antes de poder ser recebida.',
    },
    message_group_id: {
      type: 'text',
      label: 'ID do grupo',
      description: 'Só em filas FIFO (.fifo): mensagens do mesmo grupo saem em ordem.',
    },
    deduplication_id: {
      type: 'text',
      label: 'ID de deduplicação',
      description: 'Só em filas FIFO sem deduplicação por conteúdo.',
    },
    max_messages: {
      type: 'number',
      label: 'Máximo de mensagens',
      default: 1,
      min: 1,
      max: 10,
    },
    wait_seconds: {
      type: 'number',
      label: 'Espera (segundos)',
      default: 0,
      min: 0,
      max: 20,
      description: 'Quanto esperar por uma mensagem quando a fila está vazia (long polling).',
    },
    visibility_timeout: {
      type: 'number',
      label: 'Tempo invisível (segundos)',
      min: 0,
      max: 43200,
      description:
        'Por quanto tempo as mensagens recebidas ficam ocultas das outras leituras. Vazio, o da fila.',
    },
    receipt_handle: {
      type: 'text',
      label: 'Recibo da mensagem',
      required: true,
      placeholder: '{{ msg.payload[0].ReceiptHandle }}',
      description: 'O ReceiptHandle que a operação Receber deu para a mensagem.',
    },
  },
  operations: {
    send_message: {
      resource: 'Mensagem',
      action: 'Enviar',
      params: [
        'queue_url',
        'message_body',
        'delay_seconds',
        'message_group_id',
        'deduplication_id',
      ],
      request: (p) =>
        action('SendMessage', {
          QueueUrl: queueUrl(p),
          MessageBody:
            typeof p.message_body === 'string' ? p.message_body : JSON.stringify(p.message_body),
          DelaySeconds: optionalNumber(p.delay_seconds),
          MessageGroupId: p.message_group_id || undefined,
          MessageDeduplicationId: p.deduplication_id || undefined,
        }),
    },
    receive_messages: {
      resource: 'Mensagem',
      action: 'Receber',
      params: ['queue_url', 'max_messages', 'wait_seconds', 'visibility_timeout'],
      request: (p) =>
        action('ReceiveMessage', {
          QueueUrl: queueUrl(p),
          MaxNumberOfMessages: optionalNumber(p.max_messages) ?? 1,
          WaitTimeSeconds: optionalNumber(p.wait_seconds) ?? 0,
          VisibilityTimeout: optionalNumber(p.visibility_timeout),
          MessageAttributeNames: ['All'],
          MessageSystemAttributeNames: ['All'],
        }),
      result: (response) => {
        const messages = jsonAnswer(response).Messages;
        return Array.isArray(messages) ? messages : [];
      },
    },
    delete_message: {
      resource: 'Mensagem',
      action: 'Apagar',
      params: ['queue_url', 'receipt_handle'],
      request: (p) =>
        action('DeleteMessage', {
          QueueUrl: queueUrl(p),
          ReceiptHandle: String(p.receipt_handle ?? ''),
        }),
      result: () => ({ deleted: true }),
    },
  },
});
