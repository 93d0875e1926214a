import { defineNode } from '@ponte/engine/kit/define-node';
import { unavailableNodes } from '@ponte/shared/flow/node-availability';

const base = {
  version: 1,
  description: 'Só para testes.',
  icon: 'box',
  outputs: { default: { label: 'Saída' } },
} as const;

/** The reason of `test_sem_area`, a node whose area does not exist (ADR 0014's mechanism). */
export const unavailableTestReason = 'Disponível quando a área de teste existir.';
(unavailableNodes as Record<string, string>).test_sem_area = unavailableTestReason;

/**
 * A trigger, an action with a required param, a deprecated action and a trigger whose area
 * does not exist yet, for the API tests.
 */
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
  defineNode({
    ...base,
    type: 'test_sem_area',
    category: 'trigger',
    label: 'Sem área',
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

/** A test flow plus a trigger of its own whose area does not exist yet. */
export function unavailableDocument() {
  const data = testDocument(1);
  const node = {
    uid: `q${++counter}`,
    type: 'test_sem_area',
    label: 'Sem área',
    position: { x: 0, y: 200 },
    params: {},
  };
  return { ...data, nodes: [...data.nodes, node] };
}

/** A test flow plus a 'Formulário' trigger on the given form id. */
export function formDocument(form: string) {
  const data = testDocument(1);
  const node = {
    uid: `f${++counter}`,
    type: 'core_form_trigger',
    label: 'Formulário',
    position: { x: 0, y: 200 },
    params: { form },
  };
  return { ...data, nodes: [...data.nodes, node] };
}
