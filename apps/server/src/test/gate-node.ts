import { defineNode } from '@ponte/engine/kit/define-node';

/**
 * A node type that holds its execution (and its slot) until the test opens the gate, or the
 * execution is stopped. `entered()` counts the executions that reached it.
 */
export function createGate(type = 'test_gate') {
  let entered = 0;
  let open: () => void = () => undefined;
  let opened = new Promise<void>((resolve) => (open = resolve));
  const node = defineNode({
    type,
    version: 1,
    category: 'action',
    label: 'Portão',
    description: 'Espera o teste abrir.',
    icon: 'door',
    params: {},
    outputs: { default: { label: 'Saída' } },
    async run({ input, signal }) {
      entered++;
      await new Promise<void>((resolve, reject) => {
        void opened.then(resolve);
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      });
      return { output: 'default', msg: input };
    },
  });
  return {
    node,
    entered: () => entered,
    open: () => open(),
    reset() {
      entered = 0;
      opened = new Promise<void>((resolve) => (open = resolve));
    },
  };
}
