import { describe, expect, it } from 'vitest';
import type { FlowNode } from '../flow/flow-document.schema';
import {
  countFlowChanges,
  diffFlowVersions,
  flowVersionDocument,
  nodeDiffMarks,
} from './flow-diff';

const node = (uid: string, extra: Partial<FlowNode> = {}): FlowNode => ({
  uid,
  type: 'core_log',
  typeVersion: 1,
  position: { x: 0, y: 0 },
  params: {},
  ...extra,
});

const edge = (source: string, target: string, sourceOutput = 'default') => ({
  id: `${source}:${sourceOutput}->${target}`,
  source,
  sourceOutput,
  target,
});

const version = (extra: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  name: 'Pedidos',
  enabled: true,
  group: null,
  variables: [{ key: 'url', value: 'https://a.exemplo.com.br' }],
  data: {
    version: 1,
    nodes: [
      node('trigger', { type: 'core_manual_trigger' }),
      node('log', { position: { x: 300, y: 0 } }),
    ],
    edges: [edge('trigger', 'log')],
    ...data,
  },
  description: '',
  config: { rate_limit: 0, save_executions: 'default', continue_unawaited: true },
  thumbnailData: 'miniatura',
  ...extra,
});

describe('diffFlowVersions', () => {
  it('finds nothing between a version and itself, the thumbnail aside', () => {
    const diff = diffFlowVersions(version(), version({ thumbnailData: 'outra' }));
    expect(countFlowChanges(diff)).toBe(0);
    expect(nodeDiffMarks(diff).size).toBe(0);
  });

  it('names the nodes added, removed, moved and changed, each change with its path', () => {
    const before = version();
    const after = version(
      {},
      {
        nodes: [
          node('trigger', { type: 'core_manual_trigger', position: { x: 0, y: 120.2 } }),
          node('http', { type: 'core_http_request', params: { url: 'https://b' } }),
        ],
        edges: [edge('trigger', 'http')],
      },
    );
    const diff = diffFlowVersions(before, after);
    expect(diff.nodes.added.map((n) => n.uid)).toEqual(['http']);
    expect(diff.nodes.removed.map((n) => n.uid)).toEqual(['log']);
    expect(diff.nodes.moved).toEqual([
      { uid: 'trigger', before: { x: 0, y: 0 }, after: { x: 0, y: 120.2 } },
    ]);
    expect(diff.nodes.changed).toEqual([]);
    expect(diff.edges.added).toEqual([edge('trigger', 'http')]);
    expect(diff.edges.removed).toEqual([edge('trigger', 'log')]);
    expect(nodeDiffMarks(diff)).toEqual(
      new Map([
        ['trigger', 'moved'],
        ['http', 'added'],
        ['log', 'removed'],
      ]),
    );
    expect(countFlowChanges(diff)).toBe(5);
  });

  it('lists what changed in a node: params, label, disabled, type version, not a tiny move', () => {
    const before = version(
      {},
      { nodes: [node('log', { params: { message: 'Olá', level: 'info' }, label: 'Aviso' })] },
    );
    const after = version(
      {},
      {
        nodes: [
          node('log', {
            position: { x: 0.3, y: -0.2 },
            params: { message: 'Olá, {{ msg.nome }}', level: 'info' },
            typeVersion: 2,
            disabled: true,
          }),
        ],
      },
    );
    const diff = diffFlowVersions(before, after);
    expect(diff.nodes.moved).toEqual([]);
    expect(diff.nodes.changed).toHaveLength(1);
    expect(diff.nodes.changed[0]!.changes).toEqual([
      { path: ['typeVersion'], kind: 'changed', before: 1, after: 2 },
      {
        path: ['params', 'message'],
        kind: 'changed',
        before: 'Olá',
        after: 'Olá, {{ msg.nome }}',
      },
      { path: ['label'], kind: 'removed', before: 'Aviso' },
      { path: ['disabled'], kind: 'added', after: true },
    ]);
    expect(nodeDiffMarks(diff).get('log')).toBe('changed');
  });

  it('takes an edge moved to another output as one removed and one added', () => {
    const before = version({}, { edges: [edge('trigger', 'log', 'default')] });
    const after = version({}, { edges: [{ ...edge('trigger', 'log', 'error') }] });
    const diff = diffFlowVersions(before, after);
    expect(diff.edges.removed.map((e) => e.sourceOutput)).toEqual(['default']);
    expect(diff.edges.added.map((e) => e.sourceOutput)).toEqual(['error']);
  });

  it('compares variables by key and the options field by field', () => {
    const before = version({
      variables: [
        { key: 'url', value: 'https://a.exemplo.com.br' },
        { key: 'token', value: 'x' },
      ],
    });
    const after = version({
      name: 'Pedidos do dia',
      enabled: false,
      group: 'g1',
      description: '<p>Notas</p>',
      config: { rate_limit: 10, save_executions: 'default', continue_unawaited: true },
      variables: [
        { key: 'url', value: 'https://b.exemplo.com.br' },
        { key: 'limite', value: '5' },
      ],
    });
    const diff = diffFlowVersions(before, after);
    expect(diff.variables).toEqual({
      added: [{ key: 'limite', value: '5' }],
      removed: [{ key: 'token', value: 'x' }],
      changed: [
        { key: 'url', before: 'https://a.exemplo.com.br', after: 'https://b.exemplo.com.br' },
      ],
    });
    expect(diff.options).toEqual([
      { path: ['name'], kind: 'changed', before: 'Pedidos', after: 'Pedidos do dia' },
      { path: ['enabled'], kind: 'changed', before: true, after: false },
      { path: ['group'], kind: 'changed', before: null, after: 'g1' },
      { path: ['description'], kind: 'changed', before: '', after: '<p>Notas</p>' },
      { path: ['config', 'rate_limit'], kind: 'changed', before: 0, after: 10 },
    ]);
  });

  it('names the nodes whose pinned output changed', () => {
    const pin = { output: 'default', msg: { payload: 1 } };
    const before = version({}, { pins: { log: [pin] } });
    const after = version({}, { pins: { trigger: [pin] } });
    expect(diffFlowVersions(before, after).pins).toEqual(['log', 'trigger']);
  });

  it('reads a document missing fields as empty', () => {
    expect(flowVersionDocument({ name: 'Antigo' })).toEqual({
      name: 'Antigo',
      enabled: false,
      group: null,
      variables: [],
      data: { version: 1, nodes: [], edges: [] },
      description: '',
      config: {},
    });
    const diff = diffFlowVersions(null, version());
    expect(diff.nodes.added).toHaveLength(2);
    expect(diff.options.map((change) => change.path[0])).toEqual([
      'name',
      'enabled',
      'config',
      'config',
      'config',
    ]);
  });
});
