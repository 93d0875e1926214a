import { describe, expect, it } from 'vitest';
import { ImportFormatError } from '../import-result';
import { importNodeRed } from './import-node-red';

const tab = (id: string, label: string, info = '') => ({ id, type: 'tab', label, info });

describe('importNodeRed', () => {
  it('refuses what is not a Node-RED export, in pt-BR', () => {
    for (const input of [
      null,
      {},
      [],
      'texto',
      [{ foo: 1 }],
      { nodes: [], connections: {} },
      [{ id: 'a', type: 'x' }],
    ]) {
      expect(() => importNodeRed(input)).toThrow(ImportFormatError);
    }
    expect(() => importNodeRed({})).toThrow(/não é uma exportação do Node-RED/);
  });

  it('makes one flow per tab, named after it, from the editor export or the admin API shape', () => {
    const nodes = [
      tab('t1', 'Pedidos'),
      tab('t2', 'Clientes'),
      { id: 'i1', type: 'inject', z: 't1', x: 10, y: 20, wires: [['d1']] },
      { id: 'd1', type: 'debug', z: 't1', x: 200, y: 20, wires: [], d: true },
      { id: 'i2', type: 'inject', z: 't2', x: 10, y: 20, wires: [[]] },
    ];
    for (const input of [nodes, { flows: nodes, rev: 'abc' }]) {
      const { source, flows } = importNodeRed(input);
      expect(source).toBe('node-red');
      expect(flows.map((flow) => [flow.name, flow.source_id])).toEqual([
        ['Pedidos', 't1'],
        ['Clientes', 't2'],
      ]);
      const debug = flows[0]!.data.nodes.find((node) => node.uid === 'd1')!;
      // Positions scaled by 1.5 for Ponte's larger cards, then moved right of the inject and
      // its values node (15 and 265) so that no card covers another.
      expect(debug).toMatchObject({ position: { x: 515, y: 30 }, disabled: true });
      expect(flows[0]!.data.edges).toContainEqual(
        expect.objectContaining({ source: 'i1-valores', target: 'd1' }),
      );
    }
  });

  it('puts the tab info and comments in the notes, every text escaped', () => {
    const [flow] = importNodeRed([
      tab('t1', 'Aba', 'Sobre <b>isto</b>\n\nSegundo'),
      {
        id: 'c1',
        type: 'comment',
        z: 't1',
        name: '<script>x</script>',
        info: 'a & b',
        x: 0,
        y: 0,
        wires: [],
      },
      { id: 'i1', type: 'inject', z: 't1', x: 0, y: 0, wires: [[]] },
    ]).flows;
    expect(flow!.description).toBe(
      '<p>Sobre &lt;b&gt;isto&lt;/b&gt;</p><p>Segundo</p><h3>&lt;script&gt;x&lt;/script&gt;</h3><p>a &amp; b</p>',
    );
    expect(flow!.report.find((entry) => entry.original_type === 'comment')).toMatchObject({
      status: 'translated',
    });
    expect(
      flow!.report.find((entry) => entry.original_type === 'comment')!.node_uid,
    ).toBeUndefined();
  });

  it('makes a disabled placeholder of an unknown node, without its credentials, and wires through it', () => {
    const [flow] = importNodeRed([
      tab('t1', 'Aba'),
      {
        id: 'm1',
        type: 'mqtt in',
        name: 'Sensores',
        z: 't1',
        topic: 'casa/#',
        credentials: { password: 'segredo' },
        x: 0,
        y: 0,
        wires: [['d1']],
      },
      { id: 'd1', type: 'debug', z: 't1', x: 0, y: 0, wires: [] },
    ]).flows;
    const placeholder = flow!.data.nodes.find((node) => node.uid === 'm1')!;
    expect(placeholder).toMatchObject({ type: 'core_code', label: 'Sensores', disabled: true });
    expect(String(placeholder.params.code)).toContain('casa/#');
    expect(String(placeholder.params.code)).not.toContain('segredo');
    expect(flow!.report[0]).toMatchObject({
      original_name: 'Sensores',
      original_type: 'mqtt in',
      status: 'not_translated',
      node_uid: 'm1',
    });
    // No trigger of Ponte's: one is added, so the flow can run and be checked.
    expect(flow!.data.nodes[0]).toMatchObject({
      type: 'core_manual_trigger',
      label: 'Início (importado)',
    });
    expect(flow!.data.edges).toContainEqual(
      expect.objectContaining({ source: 'm1', target: 'd1' }),
    );
    expect(flow!.description).toContain('Início (importado)');
  });

  it('joins links and junctions of the same tab into edges', () => {
    const [flow] = importNodeRed([
      tab('t1', 'Aba'),
      { id: 'i1', type: 'inject', z: 't1', x: 0, y: 0, wires: [['j1']] },
      { id: 'j1', type: 'junction', z: 't1', x: 0, y: 0, wires: [['lo']] },
      { id: 'lo', type: 'link out', z: 't1', links: ['li'], x: 0, y: 0, wires: [] },
      { id: 'li', type: 'link in', z: 't1', links: ['lo'], x: 0, y: 0, wires: [['d1']] },
      { id: 'd1', type: 'debug', z: 't1', x: 0, y: 0, wires: [] },
    ]).flows;
    expect(flow!.data.nodes.map((node) => node.uid)).toEqual(['i1', 'i1-valores', 'd1']);
    expect(flow!.data.edges.map((edge) => [edge.source, edge.target])).toContainEqual([
      'i1-valores',
      'd1',
    ]);
    expect(flow!.report.map((entry) => entry.status)).toEqual(Array(5).fill('translated'));
  });

  it('calls the other tab through "Executar flow" when a link goes across tabs', () => {
    const { flows } = importNodeRed([
      tab('t1', 'Origem'),
      tab('t2', 'Destino'),
      { id: 'i1', type: 'inject', z: 't1', x: 0, y: 0, wires: [['lo']] },
      { id: 'lo', type: 'link out', z: 't1', links: ['li'], x: 0, y: 0, wires: [] },
      { id: 'li', type: 'link in', z: 't2', links: ['lo'], x: 0, y: 0, wires: [['d1']] },
      { id: 'd1', type: 'debug', z: 't2', x: 0, y: 0, wires: [] },
    ]);
    expect(flows[0]!.flow_refs).toEqual([{ node_uid: 'lo', source_id: 't2' }]);
    expect(flows[0]!.data.nodes.find((node) => node.uid === 'lo')).toMatchObject({
      type: 'core_execute_flow',
      params: { flow: '', wait: false },
    });
    expect(flows[1]!.data.nodes.find((node) => node.uid === 'li')).toMatchObject({
      type: 'core_flow_trigger',
    });
    expect(flows[1]!.data.edges).toContainEqual(
      expect.objectContaining({ source: 'li', target: 'd1' }),
    );
  });

  it('wires a catch to the error outputs of the nodes it watched', () => {
    const [flow] = importNodeRed([
      tab('t1', 'Aba'),
      { id: 'i1', type: 'inject', z: 't1', x: 0, y: 0, wires: [['f1']] },
      {
        id: 'f1',
        type: 'function',
        z: 't1',
        func: 'throw new Error("x")',
        outputs: 1,
        x: 0,
        y: 0,
        wires: [[]],
      },
      { id: 'c1', type: 'catch', z: 't1', scope: ['f1'], x: 0, y: 0, wires: [['d1']] },
      { id: 'd1', type: 'debug', z: 't1', x: 0, y: 0, wires: [] },
    ]).flows;
    expect(flow!.data.edges).toContainEqual(
      expect.objectContaining({ source: 'f1', sourceOutput: 'error', target: 'd1' }),
    );
    expect(flow!.report.find((entry) => entry.original_type === 'catch')!.status).toBe('adapted');
  });

  it('makes a subflow its own flow, called by its instances; groups and config nodes are reported', () => {
    const { flows } = importNodeRed([
      tab('t1', 'Aba'),
      {
        id: 'sf',
        type: 'subflow',
        name: 'Dobrar',
        in: [{ x: 0, y: 0, wires: [{ id: 'sf-f' }] }],
        out: [],
      },
      {
        id: 'sf-f',
        type: 'function',
        z: 'sf',
        func: 'msg.payload *= 2; return msg;',
        outputs: 1,
        x: 0,
        y: 0,
        wires: [[]],
      },
      { id: 'g1', type: 'group', z: 't1', name: 'Entrada', nodes: ['i1'], x: 0, y: 0 },
      { id: 'i1', type: 'inject', z: 't1', g: 'g1', x: 0, y: 0, wires: [['inst']] },
      { id: 'inst', type: 'subflow:sf', z: 't1', x: 0, y: 0, wires: [[]] },
      { id: 'broker', type: 'mqtt-broker', name: 'Broker', broker: 'localhost' },
    ]);
    expect(flows.map((flow) => flow.name)).toEqual(['Aba', 'Subflow: Dobrar']);
    expect(flows[0]!.flow_refs).toEqual([{ node_uid: 'inst', source_id: 'sf' }]);
    expect(flows[1]!.data.nodes[0]).toMatchObject({
      type: 'core_flow_trigger',
      label: 'Entrada do subflow',
    });
    expect(flows[1]!.data.edges).toContainEqual(expect.objectContaining({ target: 'sf-f' }));
    const statuses = Object.fromEntries(
      flows[0]!.report.map((entry) => [entry.original_type, entry.status]),
    );
    expect(statuses).toEqual({
      group: 'translated',
      inject: 'translated',
      'subflow:sf': 'adapted',
      'mqtt-broker': 'not_translated',
    });
    expect(flows[0]!.description).toContain('Entrada');
  });

  it('lists the accounts the http requests need', () => {
    const [flow] = importNodeRed([
      tab('t1', 'Aba'),
      { id: 'i1', type: 'inject', z: 't1', x: 0, y: 0, wires: [['h1']] },
      {
        id: 'h1',
        type: 'http request',
        name: 'ERP',
        z: 't1',
        method: 'GET',
        url: 'https://erp.exemplo',
        authType: 'basic',
        x: 0,
        y: 0,
        wires: [[]],
      },
    ]).flows;
    expect(flow!.accounts).toEqual([
      {
        key: 'h1',
        original_name: 'ERP (basic)',
        original_type: 'http request: basic',
        account_type: 'http_basic',
        node_uids: ['h1'],
      },
    ]);
  });

  it('puts nodes without a tab in a flow of their own, and a config node with its user', () => {
    const { flows } = importNodeRed([
      { id: 'i1', type: 'inject', x: 0, y: 0, wires: [['h1']] },
      { id: 'h1', type: 'http request', tls: 'tls1', x: 0, y: 0, wires: [[]] },
      { id: 'tls1', type: 'tls-config', name: 'Certificado' },
    ]);
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({ name: 'Nós sem aba' });
    expect(flows[0]!.source_id).toBeUndefined();
    expect(flows[0]!.report.at(-1)).toEqual({
      original_name: 'Certificado',
      original_type: 'tls-config',
      status: 'not_translated',
      notes: [expect.stringMatching(/Nó de configuração/)],
    });
  });
});
