import { defineNode } from '../../../kit/define-node';

export const queueTriggerNode = defineNode({
  type: 'core_queue_trigger',
  version: 1,
  category: 'trigger',
  label: 'Fila interna',
  description: 'Inicia o flow para cada mensagem que chega a uma fila interna.',
  icon: 'stack-2',
  params: {
    queue: { type: 'queue', label: 'Fila', required: true },
  },
  outputs: { default: { label: 'Saída' } },
  /** The server passes the queued message in msg.payload and the queue in msg.queue. */
  async run({ input }) {
    return { output: 'default', msg: input };
  },
});
