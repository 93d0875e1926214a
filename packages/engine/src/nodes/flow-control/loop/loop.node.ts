import { defineNode } from '../../../kit/define-node';
import type { Message, NodeEmission } from '../../../kit/message';
import { memoryLimits } from '../../../ports';

interface LoopState {
  items: unknown[];
  index: number;
  results: unknown[];
  /** JSON size of `results`: they become one message, so they are held only up to its limit. */
  resultBytes: number;
  original: Message;
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? 'null') + 1;

export const loopResultsTooLarge =
  `Os resultados do loop passam do tamanho máximo de uma mensagem ` +
  `(${memoryLimits.messageBytes / 1024 / 1024} MB).`;

function itemMessage(state: LoopState): NodeEmission {
  return {
    output: 'item',
    msg: {
      ...state.original,
      payload: state.items[state.index],
      loop: { index: state.index, total: state.items.length },
    },
  };
}

function doneMessage(state: LoopState): NodeEmission {
  const { loop: _loop, ...rest } = state.original;
  return { output: 'done', msg: { ...rest, payload: state.results } };
}

/** Moves to the next item, or finishes with the collected results. */
function advance(
  state: LoopState,
  result: unknown,
  save: (s: LoopState) => void,
  clear: () => void,
) {
  const resultBytes = state.resultBytes + jsonBytes(result);
  if (resultBytes > memoryLimits.messageBytes) {
    clear();
    throw new Error(loopResultsTooLarge);
  }
  state.results.push(result);
  const next = { ...state, index: state.index + 1, resultBytes };
  if (next.index < next.items.length) {
    save(next);
    return itemMessage(next);
  }
  clear();
  return doneMessage(next);
}

/**
 * Sends each element on `item`, one at a time. What comes back into the loop from its body is
 * that element's result (its `payload`); a body that ends without coming back lets the loop
 * move on once the execution has nothing else to run (the element itself is the result).
 * After the last element, `done` carries the collected results.
 */
export const loopNode = defineNode({
  type: 'core_loop',
  version: 1,
  category: 'flow_control',
  label: 'Loop',
  description:
    'Percorre uma lista: envia cada item pela saída "Item" e, no fim, os resultados pela saída "Concluído".',
  icon: 'repeat',
  params: {
    items: {
      type: 'text',
      label: 'Itens',
      description: 'Expressão que resulta numa lista. Ex.: {{ msg.payload.pedidos }}',
      default: '{{ msg.payload }}',
      valueType: 'any',
    },
  },
  outputs: { item: { label: 'Item' }, done: { label: 'Concluído' } },
  async run({ params, input, state }) {
    const current = state.get() as LoopState | undefined;
    if (current) {
      return advance(current, input.payload, state.set, state.clear);
    }
    const value = params.items;
    const items = Array.isArray(value)
      ? value
      : value === undefined || value === null
        ? []
        : [value];
    const fresh: LoopState = { items, index: 0, results: [], resultBytes: 2, original: input };
    if (!items.length) return doneMessage(fresh);
    state.set(fresh);
    return itemMessage(fresh);
  },
  async onIdle({ state }) {
    const current = state.get() as LoopState | undefined;
    if (!current) return;
    return advance(current, current.items[current.index], state.set, state.clear);
  },
});
