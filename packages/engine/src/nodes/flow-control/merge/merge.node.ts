import { defineNode } from '../../../kit/define-node';
import type { Message } from '../../../kit/message';

type Received = Record<string, Message>;

const keyOf = (edge: { source: string; sourceOutput: string }) =>
  `${edge.source}:${edge.sourceOutput}`;

function combine(mode: string, order: string[], received: Received): Message {
  const messages = order.filter((key) => key in received).map((key) => received[key]!);
  if (mode === 'object') {
    const payload = Object.assign(
      {},
      ...messages.map(({ payload }) =>
        payload && typeof payload === 'object' && !Array.isArray(payload) ? payload : {},
      ),
    ) as Record<string, unknown>;
    return { ...messages[0], payload };
  }
  if (mode === 'concat') {
    // A list payload is that input's items; anything else is one item.
    const payload = messages.flatMap(({ payload }) =>
      Array.isArray(payload) ? payload : [payload],
    );
    return { ...messages[0], payload };
  }
  return { ...messages[0], payload: messages.map(({ payload }) => payload) };
}

/**
 * Waits for one message from every connected input of the same execution, then sends them
 * combined, in the order of the inputs. When the execution has nothing else to run and some
 * input never came (a branch not taken), it sends what it has.
 */
export const mergeNode = defineNode({
  type: 'core_merge',
  version: 1,
  category: 'flow_control',
  label: 'Unir',
  description: 'Espera as mensagens de todas as entradas conectadas e as une em uma só.',
  icon: 'arrows-join',
  params: {
    mode: {
      type: 'select',
      label: 'Como unir',
      default: 'array',
      options: [
        { label: 'Lista com o payload de cada entrada', value: 'array' },
        { label: 'Um objeto com os campos de todos os payloads', value: 'object' },
        { label: 'Uma lista com os itens de todas as entradas, em sequência', value: 'concat' },
      ],
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, from, incoming, state }) {
    const order = [...new Set(incoming.map(keyOf))];
    const received = { ...((state.get() as Received | undefined) ?? {}) };
    received[from ? keyOf(from) : 'entrada'] = input;
    if (order.every((key) => key in received)) {
      state.clear();
      return { output: 'default', msg: combine(params.mode, order, received) };
    }
    state.set(received);
  },
  async onIdle({ params, incoming, state }) {
    const received = state.get() as Received | undefined;
    state.clear();
    if (!received) return;
    return {
      output: 'default',
      msg: combine(params.mode, [...new Set(incoming.map(keyOf))], received),
    };
  },
});
