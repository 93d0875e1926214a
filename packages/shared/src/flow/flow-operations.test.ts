import { describe, expect, it } from 'vitest';
import {
  addNode,
  appendVariables,
  connect,
  countNodes,
  disconnect,
  duplicateNodes,
  insertDocument,
  moveNode,
  removeNode,
  updateNodeParams,
} from './flow-operations';
import { flow, lookup, node } from './flow-test-fixtures';

/** 'Ferramenta do agente': it travels with the node through copies, pastes and imports. */
const agentTool = { description: 'Busca o pedido pelo número.', params: ['url'] };

const base = flow(
  [
    node('t', 'core_manual_trigger'),
    node('c', 'core_condition'),
    node('h', 'core_http_request', { url: 'x' }, { agentTool }),
  ],
  [
    ['t', 'c'],
    ['c', 'h', 'true'],
  ],
);

describe('flow operations', () => {
  it('add, move and update params without touching the original document', () => {
    const added = addNode(base, node('l', 'core_log'));
    const moved = moveNode(added, 'l', { x: 10, y: 20 });
    const changed = updateNodeParams(moved, 'h', { url: 'https://novo' });
    expect(changed.nodes.map((n) => n.uid)).toEqual(['t', 'c', 'h', 'l']);
    expect(changed.nodes[3]?.position).toEqual({ x: 10, y: 20 });
    expect(changed.nodes[2]?.params).toEqual({ url: 'https://novo' });
    expect(base.nodes).toHaveLength(3);
    expect(base.nodes[2]?.params).toEqual({ url: 'x' });
    expect(addNode(base, node('t', 'core_log'))).toBe(base);
  });

  it('removing a node removes its edges', () => {
    const removed = removeNode(base, 'c');
    expect(removed.nodes.map((n) => n.uid)).toEqual(['t', 'h']);
    expect(removed.edges).toEqual([]);
  });

  it('connects with a stable id, refusing duplicates, self-edges and missing nodes', () => {
    const linked = connect(base, { source: 'c', sourceOutput: 'false', target: 'h' });
    expect(linked.edges.at(-1)).toEqual({
      id: 'c:false->h',
      source: 'c',
      sourceOutput: 'false',
      target: 'h',
    });
    expect(connect(linked, { source: 'c', sourceOutput: 'false', target: 'h' })).toBe(linked);
    expect(connect(base, { source: 'h', sourceOutput: 'default', target: 'h' })).toBe(base);
    expect(connect(base, { source: 'h', sourceOutput: 'default', target: 'nada' })).toBe(base);
    expect(disconnect(linked, 'c:false->h').edges).toEqual(base.edges);
  });

  it('duplicates nodes with the edges among them, shifted, an agent tool still one', () => {
    let next = 0;
    const { doc, uids } = duplicateNodes(base, ['c', 'h'], () => `novo${++next}`);
    expect(uids).toEqual(['novo1', 'novo2']);
    expect(doc.nodes.find((n) => n.uid === 'novo2')).toMatchObject({
      type: 'core_http_request',
      params: { url: 'x' },
      position: { x: 40, y: 40 },
      agentTool,
    });
    // t → c is not copied (t was not duplicated); c → h is.
    expect(doc.edges.slice(base.edges.length)).toEqual([
      { id: 'novo1:true->novo2', source: 'novo1', sourceOutput: 'true', target: 'novo2' },
    ]);
  });

  it('counts Action/Trigger and flow-control nodes', () => {
    const withUnknown = addNode(base, node('x', 'nao_existe'));
    expect(countNodes(withUnknown, lookup)).toEqual({ actionTrigger: 2, flowControl: 1, total: 4 });
  });

  it('counts an AI step and a Brazilian building block as actions, an unknown type as neither', () => {
    const categoryOf: Record<string, string> = { svc_llm: 'ai', svc_pix: 'brazil' };
    const withBlocks = addNode(addNode(base, node('ia', 'svc_llm')), node('pix', 'svc_pix'));
    const lookupWith: typeof lookup = (type, version) =>
      categoryOf[type]
        ? ({ ...lookup('core_log')!, type, category: categoryOf[type] } as ReturnType<
            typeof lookup
          >)
        : lookup(type, version);
    expect(countNodes(addNode(withBlocks, node('x', 'nao_existe')), lookupWith)).toEqual({
      actionTrigger: 4,
      flowControl: 1,
      total: 6,
    });
  });

  it('inserts a document with fresh uids, its top-left corner at the picked position', () => {
    const imported = flow(
      [
        node('a', 'core_manual_trigger', {}, { position: { x: 100, y: 300 }, label: 'Início' }),
        node(
          'b',
          'core_http_request',
          { url: 'https://x', headers: [{ key: 'A' }] },
          {
            position: { x: 400, y: 250 },
            typeVersion: 2,
            breakpoint: true,
            disabled: true,
            agentTool,
          },
        ),
      ],
      [
        ['a', 'b'],
        ['b', 'a', 'error'],
        ['b', 'fora'],
      ],
    );
    let next = 0;
    const { doc, uids } = insertDocument(base, imported, { x: 10, y: 20 }, () => `n${++next}`);
    expect(uids).toEqual(['n1', 'n2']);
    expect(doc.nodes.slice(0, 3)).toEqual(base.nodes);
    expect(doc.nodes.slice(3)).toEqual([
      {
        uid: 'n1',
        type: 'core_manual_trigger',
        typeVersion: 1,
        label: 'Início',
        params: {},
        position: { x: 10, y: 70 },
      },
      {
        uid: 'n2',
        type: 'core_http_request',
        typeVersion: 2,
        breakpoint: true,
        disabled: true,
        agentTool,
        params: { url: 'https://x', headers: [{ key: 'A' }] },
        position: { x: 310, y: 20 },
      },
    ]);
    // The edge to a node outside the file is dropped.
    expect(doc.edges.slice(base.edges.length)).toEqual([
      { id: 'n1:default->n2', source: 'n1', sourceOutput: 'default', target: 'n2' },
      { id: 'n2:error->n1', source: 'n2', sourceOutput: 'error', target: 'n1' },
    ]);
    // The params are copies: editing the inserted node leaves the imported one alone.
    (doc.nodes[4]!.params.headers as { key: string }[])[0]!.key = 'B';
    expect(imported.nodes[1]!.params.headers).toEqual([{ key: 'A' }]);
  });

  it('inserting an empty document changes nothing', () => {
    const result = insertDocument(base, flow([]), { x: 0, y: 0 }, () => 'x');
    expect(result.doc).toBe(base);
    expect(result.uids).toEqual([]);
  });

  it('appends variables, keeping the existing value of a repeated key', () => {
    const existing = [{ key: 'TOKEN', value: 'antigo' }];
    expect(
      appendVariables(existing, [
        { key: ' TOKEN ', value: 'novo' },
        { key: 'URL', value: 'https://a' },
        { key: 'URL', value: 'https://b' },
        { key: '  ', value: 'vazio' },
      ]),
    ).toEqual([
      { key: 'TOKEN', value: 'antigo' },
      { key: 'URL', value: 'https://a' },
    ]);
    expect(appendVariables(existing, [{ key: 'TOKEN', value: 'x' }])).toBe(existing);
  });
});
