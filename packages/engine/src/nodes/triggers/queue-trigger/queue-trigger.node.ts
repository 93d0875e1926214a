import { defineNode } from '../../../kit/define-node';

export const queueTriggerNode = defineNode({
  type: 'core_queue_trigger',
  version: 1,
  category: 'trigger',
  label: 'Fila interna',
  description:
    'Inicia o flow para cada mensagem de uma fila interna, no ritmo da fila. A mensagem traz msg.payload (o conteúdo publicado), msg.queue ({_id, name}), msg.job_id (o mesmo numa nova tentativa: use-o como chave de idempotência) e msg.attempts (a tentativa atual, a partir de 1). Uma fila tem um só flow consumidor ativo.',
  icon: 'stack-2',
  params: {
    queue: {
      type: 'queue',
      label: 'Fila',
      required: true,
      description: 'A fila interna cujas mensagens este flow consome.',
    },
  },
  outputs: { default: { label: 'Saída' } },
  /**
   * The server builds the message: msg.payload (what was published), msg.queue {_id, name},
   * msg.job_id (kept across retries: an idempotency key) and msg.attempts.
   */
  async run({ input }) {
    return { output: 'default', msg: input };
  },
});
