import { defineNode, type NodeDefinition } from '../kit/define-node';

/** Node types that exist only in tests: a plain trigger, a tagger, a failure, a hang, a big message. */
export function createTestNodes(): { nodes: NodeDefinition[]; visits: string[] } {
  const visits: string[] = [];
  const nodes = [
    defineNode({
      type: 'test_trigger',
      version: 1,
      category: 'trigger',
      label: 'Gatilho de teste',
      description: 'Passa a mensagem recebida adiante.',
      icon: 'bolt',
      params: {},
      outputs: { default: { label: 'Saída' } },
      async run({ input }) {
        return { output: 'default', msg: input };
      },
    }),
    defineNode({
      type: 'test_tag',
      version: 1,
      category: 'action',
      label: 'Marcar',
      description: 'Acrescenta a marca a msg.payload.visited (mudando a mensagem recebida).',
      icon: 'tag',
      params: { tag: { type: 'text', label: 'Marca', required: true } },
      outputs: { default: { label: 'Saída' } },
      async run({ params, input }) {
        visits.push(params.tag);
        const payload = (input.payload ?? {}) as { visited?: string[] };
        payload.visited = [...(payload.visited ?? []), params.tag];
        input.payload = payload;
        return { output: 'default', msg: input };
      },
    }),
    defineNode({
      type: 'test_fail',
      version: 1,
      category: 'action',
      label: 'Falhar',
      description: 'Sempre falha.',
      icon: 'x',
      params: {},
      outputs: { default: { label: 'Saída' } },
      async run() {
        throw new Error('Falhou de propósito');
      },
    }),
    defineNode({
      type: 'test_hang',
      version: 1,
      category: 'action',
      label: 'Travar',
      description: 'Só termina quando a execução é interrompida.',
      icon: 'hourglass',
      params: {},
      outputs: { default: { label: 'Saída' } },
      async run({ signal }) {
        await new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        );
      },
    }),
    defineNode({
      type: 'test_big',
      version: 1,
      category: 'action',
      label: 'Mensagem grande',
      description: 'Envia um payload do tamanho pedido.',
      icon: 'box',
      params: { bytes: { type: 'number', label: 'Bytes', required: true } },
      outputs: { default: { label: 'Saída' } },
      async run({ params, input }) {
        return { output: 'default', msg: { ...input, payload: 'x'.repeat(params.bytes) } };
      },
    }),
  ];
  return { nodes, visits };
}
