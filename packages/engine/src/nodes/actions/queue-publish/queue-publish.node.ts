import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { defineNode } from '../../../kit/define-node';

const m = messages.queues;
const expression = /\{\{[\s\S]*?\}\}/;

/** The delay in whole seconds, or a pt-BR problem: 0 to `limits.queueDelayMaxSeconds`. */
export function queueDelaySeconds(value: unknown): number | string {
  if (value === undefined || value === null || value === '') return 0;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(number) || number < 0 || number > limits.queueDelayMaxSeconds)
    return m.delayInvalid;
  return number;
}

/** On save: a plain delay out of range (an expression is checked when it runs). */
function checkPublishParams(params: Record<string, unknown>): string | null {
  const { delay } = params;
  if (typeof delay === 'string' && expression.test(delay)) return null;
  const seconds = queueDelaySeconds(delay);
  return typeof seconds === 'string' ? seconds : null;
}

/** The dedup key as text (an expression may give a number), or undefined when empty. */
function dedupKey(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const key = (typeof value === 'string' ? value : JSON.stringify(value)).trim();
  if (!key) return undefined;
  if (key.length > limits.queueDedupKeyMax) throw new Error(m.dedupKeyTooLong);
  return key;
}

export const queuePublishNode = defineNode({
  type: 'core_queue_publish',
  version: 1,
  category: 'action',
  label: 'Publicar na fila',
  description:
    'Publica uma mensagem numa fila interna; o flow consumidor da fila a recebe em msg.payload. Depois, msg.payload passa a ser {job_id, queue, run_at} da mensagem publicada.',
  icon: 'stack-push',
  params: {
    queue: { type: 'queue', label: 'Fila', required: true },
    message: {
      type: 'textarea',
      label: 'Mensagem',
      valueType: 'any',
      default: '{{ msg.payload }}',
      placeholder: '{{ msg.payload }}',
      description:
        'O valor publicado (qualquer JSON, até 1 MB). Uma expressão inteira mantém o tipo do valor; sem nada, publica msg.payload.',
    },
    delay: {
      type: 'number',
      label: 'Atraso (segundos)',
      description: 'Opcional: a mensagem só começa depois deste tempo (no máximo 30 dias).',
    },
    dedup_key: {
      type: 'text',
      label: 'Chave de deduplicação',
      placeholder: '{{ msg.payload.pedido_id }}',
      description:
        'Opcional: se uma mensagem com a mesma chave ainda aguarda na fila, a nova é recusada e o nó falha.',
    },
  },
  outputs: { default: { label: 'Saída' } },
  checkParams: checkPublishParams,
  /** msg.payload becomes {job_id, queue: {_id, name}, run_at}; the rest of msg is kept. */
  async run({ params, input, ports, scope, signal }) {
    const delaySeconds = queueDelaySeconds(params.delay);
    if (typeof delaySeconds === 'string') throw new Error(delaySeconds);
    const key = dedupKey(params.dedup_key);
    const message = params.message === undefined ? null : params.message;
    const job = await ports.queues.publish(
      scope,
      {
        queue: String(params.queue),
        message,
        ...(delaySeconds ? { delaySeconds } : {}),
        ...(key ? { dedupKey: key } : {}),
      },
      signal,
    );
    return { output: 'default', msg: { ...input, payload: job } };
  },
});
