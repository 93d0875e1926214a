import { defineNode } from '@ponte/engine/kit/define-node';

const base = {
  version: 1,
  description: 'Só para testes.',
  icon: 'box',
  outputs: { default: { label: 'Saída' } },
} as const;

/** A trigger, an action with a required param and a deprecated action, for the API tests. */
export const flowTestNodes = [
  defineNode({
    ...base,
    type: 'test_trigger',
    category: 'trigger',
    label: 'Gatilho de teste',
    params: {},
    run: async ({ input }) => ({ output: 'default', msg: input }),
  }),
  defineNode({
    ...base,
    type: 'test_action',
    category: 'action',
    label: 'Ação de teste',
    params: { url: { type: 'text', label: 'URL', required: true } },
    run: async ({ input }) => ({ output: 'default', msg: input }),
  }),
  defineNode({
    ...base,
    type: 'test_old',
    category: 'action',
    label: 'Ação antiga',
    deprecated: true,
    params: {},
    run: async ({ input }) => ({ output: 'default', msg: input }),
  }),
];

let counter = 0;

/** A flow document: a test trigger followed by `actions` test actions (or the given types). */
export function testDocument(actions: number | string[] = 1, params = { url: 'https://x' }) {
  const types = typeof actions === 'number' ? Array(actions).fill('test_action') : actions;
  const nodes = [
    { uid: `t${++counter}`, type: 'test_trigger', position: { x: 0, y: 0 }, params: {} },
    ...types.map((type: string, index: number) => ({
      uid: `a${counter}-${index}`,
      type,
      position: { x: (index + 1) * 200, y: 0 },
      params: type === 'test_action' ? params : {},
    })),
  ];
  const edges = nodes.slice(1).map((node, index) => ({
    id: `e${index}`,
    source: nodes[index]!.uid,
    sourceOutput: 'default',
    target: node.uid,
  }));
  return { version: 1, nodes, edges };
}

/** A test flow plus a form trigger of its own: a node whose area does not exist yet. */
export function formDocument() {
  const data = testDocument(1);
  const form = {
    uid: `q${++counter}`,
    type: 'core_form_trigger',
    label: 'Formulário',
    position: { x: 0, y: 200 },
    params: { form: 'pedidos' },
  };
  return { ...data, nodes: [...data.nodes, form] };
}
