import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { realManifest } from '../../../test/engine-library';
import { issueLevels, toCanvasEdges, toCanvasNodes } from './to-react-flow';

const manifest = (type: string, extra: Partial<NodeManifest>): NodeManifest => ({
  type,
  version: 1,
  category: 'action',
  label: type,
  description: '',
  icon: 'code',
  params: {},
  outputs: { default: { label: 'Saída' } },
  ...extra,
});

const library: Record<string, NodeManifest> = {
  core_manual_trigger: manifest('core_manual_trigger', {
    category: 'trigger',
    label: 'Manual Trigger',
  }),
  core_switch: manifest('core_switch', {
    category: 'flow_control',
    label: 'Switch',
    outputs: { default: { label: 'Nenhuma regra' } },
    dynamicOutputs: { param: 'rules', key: 'output' },
  }),
};
const lookup = (type: string) => library[type];

const doc: FlowDocument = {
  version: 1,
  nodes: [
    { uid: 't', type: 'core_manual_trigger', typeVersion: 1, position: { x: 0, y: 0 }, params: {} },
    {
      uid: 's',
      type: 'core_switch',
      typeVersion: 1,
      label: 'Por status',
      position: { x: 300, y: 0 },
      params: { rules: [{ output: 'pago' }, { output: 'cancelado' }] },
      breakpoint: true,
    },
    {
      uid: 'x',
      type: 'nao_existe',
      typeVersion: 1,
      position: { x: 600, y: 0 },
      params: {},
      disabled: true,
    },
  ],
  edges: [
    { id: 't:default->s', source: 't', sourceOutput: 'default', target: 's' },
    { id: 's:error->x', source: 's', sourceOutput: 'error', target: 'x' },
  ],
};

describe('the canvas view of a flow document', () => {
  it('draws triggers without an input, named and dynamic outputs, marks and the selection', () => {
    const nodes = toCanvasNodes(doc, lookup, new Map([['s', 'warning']]), new Set(['s']));
    expect(nodes[0]?.data).toMatchObject({ hasInput: false, category: 'trigger' });
    expect(nodes[1]).toMatchObject({ id: 's', selected: true, position: { x: 300, y: 0 } });
    expect(nodes[1]?.data).toMatchObject({
      label: 'Por status',
      typeLabel: 'Switch',
      issue: 'warning',
      breakpoint: true,
      outputs: [
        { name: 'default', label: 'Nenhuma regra' },
        { name: 'pago', label: 'pago' },
        { name: 'cancelado', label: 'cancelado' },
      ],
    });
    // An unknown type still shows, by its type, with no outputs of its own.
    expect(nodes[2]?.data).toMatchObject({
      label: 'nao_existe',
      category: 'unknown',
      outputs: [],
      disabled: true,
    });
  });

  it("draws the served 'Classificar texto' with 'Outros' and one output per class", () => {
    const classify = realManifest('svc_llm_classify');
    const [node] = toCanvasNodes(
      {
        version: 1,
        nodes: [
          {
            uid: 'c',
            type: 'svc_llm_classify',
            typeVersion: 1,
            position: { x: 0, y: 0 },
            params: { classes: [{ name: 'Vendas' }, { name: 'Suporte' }, { name: '' }] },
          },
        ],
        edges: [],
      },
      (type) => (type === classify.type ? classify : undefined),
      new Map(),
      new Set(),
    );
    expect(node?.data).toMatchObject({
      icon: 'tags',
      category: 'ai',
      outputs: [
        { name: 'other', label: 'Outros' },
        { name: 'Vendas', label: 'Vendas' },
        { name: 'Suporte', label: 'Suporte' },
      ],
    });
  });

  it('marks only the node the debugger holds', () => {
    const nodes = toCanvasNodes(doc, lookup, new Map(), new Set(), 's');
    expect(nodes.map((node) => node.data.highlighted === true)).toEqual([false, true, false]);
  });

  it('draws edges from their named outputs, error connections in red', () => {
    const edges = toCanvasEdges(doc, new Set(['s:error->x']));
    expect(edges[0]).toMatchObject({ source: 't', sourceHandle: 'default', selected: false });
    expect(edges[1]).toMatchObject({ sourceHandle: 'error', selected: true });
    expect(edges[1]?.style).toEqual({ stroke: 'var(--mantine-color-red-6)' });
  });

  it("carries a run's node states and pins into the nodes, and locks them in a past execution", () => {
    const nodes = toCanvasNodes(doc, lookup, new Map(), new Set(), null, {
      nodeStates: new Map([
        ['t', { state: 'success', items: 2 }],
        ['s', { state: 'error' }],
      ]),
      pinned: new Set(['t']),
      readOnly: true,
    });
    expect(nodes.map((node) => node.data.run)).toEqual([
      { state: 'success', items: 2 },
      { state: 'error' },
      undefined,
    ]);
    expect(nodes.map((node) => node.data.pinned === true)).toEqual([true, false, false]);
    for (const node of nodes)
      expect(node).toMatchObject({ draggable: false, connectable: false, deletable: false });
    const editable = toCanvasNodes(doc, lookup, new Map(), new Set());
    expect(editable[0]).not.toHaveProperty('draggable');
    expect(editable[0]?.data).not.toHaveProperty('run');
  });

  it('draws the path a run took thicker and coloured, its error branch in red', () => {
    const edges = toCanvasEdges(doc, new Set(), new Set(['t:default->s', 's:error->x']));
    expect(edges[0]?.style).toEqual({ stroke: 'var(--mantine-color-green-6)', strokeWidth: 3 });
    expect(edges[1]?.style).toEqual({ stroke: 'var(--mantine-color-red-6)', strokeWidth: 3 });
    const untaken = toCanvasEdges(doc, new Set(), new Set(['s:error->x']));
    expect(untaken[0]?.style).toBeUndefined();
  });

  it('keeps the worst issue of each node', () => {
    const levels = issueLevels([
      { level: 'warning', node_uid: 'a' },
      { level: 'error', node_uid: 'a' },
      { level: 'warning', node_uid: 'a' },
      { level: 'warning', node_uid: 'b' },
      { level: 'error' },
    ]);
    expect([...levels]).toEqual([
      ['a', 'error'],
      ['b', 'warning'],
    ]);
  });
});
