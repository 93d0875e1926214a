import { describe, expect, it } from 'vitest';
import { ImportFormatError } from '../import-result';
import { importN8n } from './import-n8n';
import type { N8nNode } from './n8n-workflow';

const node = (
  name: string,
  type: string,
  parameters: Record<string, unknown> = {},
  extra: Partial<N8nNode> = {},
): N8nNode => ({
  id: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  type: `n8n-nodes-base.${type}`,
  typeVersion: 1,
  position: [100, 200],
  parameters,
  ...extra,
});

const workflow = (
  nodes: N8nNode[],
  connections: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => ({
  id: 'wf-1',
  name: 'Pedidos',
  nodes,
  connections,
  ...extra,
});

const main = (...outputs: string[][]) => ({
  main: outputs.map((targets) =>
    targets.map((target) => ({ node: target, type: 'main', index: 0 })),
  ),
});

describe('importN8n', () => {
  it('refuses what is not an n8n export, in pt-BR', () => {
    expect(() => importN8n({ flows: [] })).toThrow(ImportFormatError);
    expect(() => importN8n([{ nodes: 'x', connections: {} }])).toThrow(
      'não é um fluxo exportado do n8n',
    );
    expect(() => importN8n([])).toThrow(ImportFormatError);
  });

  it('reads one workflow or a list of them (export:workflow --all), keeping ids, names and positions', () => {
    const one = workflow([node('Início', 'manualTrigger', {}, { position: [-40, 580] })]);
    const { flows } = importN8n([one, { ...one, id: 'wf-2', name: 'Outro' }]);
    expect(flows.map((flow) => [flow.source_id, flow.name])).toEqual([
      ['wf-1', 'Pedidos'],
      ['wf-2', 'Outro'],
    ]);
    expect(flows[0]!.data.nodes[0]).toMatchObject({
      label: 'Início',
      type: 'core_manual_trigger',
      position: { x: -40, y: 580 },
    });
  });

  it('reads a 2.x export: the workflow as the editor shows it, beside its published version', () => {
    const draft = [
      node('Gatilho', 'manualTrigger'),
      node('Código', 'code', { jsCode: 'return $input.all();' }, { typeVersion: 2 }),
    ];
    const { flows } = importN8n({
      ...workflow(draft, { Gatilho: main(['Código']) }),
      activeVersionId: 'v-1',
      versionCounter: 3,
      activeVersion: {
        versionId: 'v-1',
        nodes: [node('Antigo', 'manualTrigger')],
        connections: {},
      },
    });
    expect(flows[0]!.data.nodes.map((n) => n.label)).toEqual(['Gatilho', 'Código']);
    expect(flows[0]!.data.edges).toHaveLength(1);
  });

  it('connects IF true/false, Switch rules with their fallback and the error output', () => {
    const { flows } = importN8n(
      workflow(
        [
          node('Gatilho', 'manualTrigger'),
          node('Se', 'if', {
            conditions: {
              number: [{ value1: '={{ $json.total }}', operation: 'larger', value2: 100 }],
            },
          }),
          node('Caro', 'noOp'),
          node('Barato', 'noOp', {}, { disabled: true }),
          node(
            'Falha',
            'code',
            { jsCode: 'return $input.all();' },
            { onError: 'continueErrorOutput' },
          ),
        ],
        {
          Gatilho: main(['Se']),
          Se: main(['Caro'], ['Barato', 'Falha']),
          Falha: main(['Caro'], ['Barato']),
        },
      ),
    );
    const { nodes, edges } = flows[0]!.data;
    const uid = (label: string) => nodes.find((n) => n.label === label)!.uid;
    const link = (e: { source: string; sourceOutput: string; target: string }) =>
      `${nodes.find((n) => n.uid === e.source)!.label}.${e.sourceOutput}→${nodes.find((n) => n.uid === e.target)!.label}`;
    expect(edges.map(link)).toEqual([
      'Gatilho.default→Se',
      'Se.true→Caro',
      'Se.false→Barato',
      'Se.false→Falha',
      'Falha.default→Caro',
      'Falha.error→Barato',
    ]);
    expect(nodes.find((n) => n.uid === uid('Se'))!.params.expression).toBe(
      'msg.payload.total > 100',
    );
    expect(nodes.find((n) => n.uid === uid('Barato'))!.disabled).toBe(true);
    expect(nodes.find((n) => n.uid === uid('Falha'))!.onError?.then).toBe('error');
  });

  it('makes a disabled placeholder of an unknown node, with the reason and no secret', () => {
    const { flows } = importN8n(
      workflow([
        node(
          'Planilha',
          'googleSheets',
          { sheetId: 'abc', apiKey: 'segredo-123' },
          {
            credentials: { googleSheetsOAuth2Api: { id: '7', name: 'Minha conta Google' } },
          },
        ),
      ]),
    );
    const [placeholder] = flows[0]!.data.nodes;
    const code = String(placeholder!.params.code);
    expect(placeholder).toMatchObject({ type: 'core_code', disabled: true, label: 'Planilha' });
    expect(code).toContain('O nó "googleSheets" do n8n não tem equivalente no Ponte.');
    expect(code).toContain('"sheetId": "abc"');
    expect(code).toContain('"name": "Minha conta Google"');
    expect(code).not.toContain('segredo-123');
    expect(
      code
        .split('\n')
        .filter(Boolean)
        .every((line) => line.startsWith('//')),
    ).toBe(true);
    expect(flows[0]!.report[0]).toMatchObject({
      status: 'not_translated',
      node_uid: placeholder!.uid,
    });
  });

  it('asks for a service account where the HTTP Request used a credential, leaving the param empty', () => {
    const http = (name: string, auth: string, credentials: N8nNode['credentials']) =>
      node(
        name,
        'httpRequest',
        {
          method: 'POST',
          url: '=https://api.exemplo.com/pedidos/{{ $json.id }}',
          authentication: 'genericCredentialType',
          genericAuthType: auth,
          sendBody: true,
          specifyBody: 'json',
          jsonBody: '{"status": "pago"}',
        },
        { typeVersion: 4.2, credentials },
      );
    const { flows } = importN8n(
      workflow([
        http('A', 'httpBasicAuth', { httpBasicAuth: { id: '1', name: 'Loja' } }),
        http('B', 'httpBasicAuth', { httpBasicAuth: { id: '1', name: 'Loja' } }),
        http('C', 'httpQueryAuth', { httpQueryAuth: { id: '2', name: 'Chave' } }),
      ]),
    );
    const [flow] = flows;
    expect(flow!.accounts).toEqual([
      {
        key: '1',
        original_name: 'Loja',
        original_type: 'httpBasicAuth',
        account_type: 'http_basic',
        node_uids: ['a', 'b'],
      },
    ]);
    expect(flow!.data.nodes[0]!.params).toMatchObject({
      method: 'POST',
      url: 'https://api.exemplo.com/pedidos/{{ msg.payload.id }}',
      body_type: 'json',
      body: { status: 'pago' },
      service_account: '',
    });
    expect(flow!.report.map((r) => r.status)).toEqual(['translated', 'translated', 'adapted']);
    expect(flow!.report[2]!.notes[0]).toContain('httpQueryAuth');
  });

  it('turns sticky notes into escaped notes and reports them with no node', () => {
    const { flows } = importN8n(
      workflow([
        node('Nota', 'stickyNote', {
          content: '## Atenção <script>alert(1)</script>\n\nSegunda linha',
        }),
        node('Gatilho', 'manualTrigger'),
      ]),
    );
    const [flow] = flows;
    expect(flow!.description).toBe(
      '<p><strong>Nota</strong></p><p>## Atenção &lt;script&gt;alert(1)&lt;/script&gt;</p><p>Segunda linha</p>',
    );
    expect(flow!.data.nodes).toHaveLength(1);
    expect(flow!.report[0]).toEqual({
      original_name: 'Nota',
      original_type: 'n8n-nodes-base.stickyNote',
      status: 'translated',
      notes: [],
    });
  });

  it('schedules by cron in the workflow time zone, else São Paulo; webhooks keep method, path and response', () => {
    const schedule = node('Agenda', 'scheduleTrigger', {
      rule: {
        interval: [{ field: 'weeks', triggerAtDay: [1, 5], triggerAtHour: 9, triggerAtMinute: 30 }],
      },
    });
    const hook = node('Gancho', 'webhook', {
      httpMethod: 'POST',
      path: 'pedidos',
      responseMode: 'responseNode',
    });
    const [withZone] = importN8n(
      workflow([schedule], {}, { settings: { timezone: 'Europe/Lisbon' } }),
    ).flows;
    const [noZone] = importN8n(workflow([schedule, hook])).flows;
    expect(withZone!.data.nodes[0]!.params).toEqual({
      cron: '30 9 * * 1,5',
      timezone: 'Europe/Lisbon',
    });
    expect(noZone!.data.nodes[0]!.params.timezone).toBe('America/Sao_Paulo');
    expect(noZone!.data.nodes[1]!.params).toMatchObject({
      method: 'POST',
      path: 'pedidos',
      response: 'respond_node',
      auth: 'none',
    });
  });

  it('leaves the called flow empty and names the n8n workflow it called', () => {
    const { flows } = importN8n(
      workflow([
        node(
          'Chamar',
          'executeWorkflow',
          { workflowId: { __rl: true, value: 'abc123', mode: 'list' } },
          { typeVersion: 1.2 },
        ),
      ]),
    );
    expect(flows[0]!.data.nodes[0]!.params).toMatchObject({ flow: '', wait: true });
    expect(flows[0]!.flow_refs).toEqual([{ node_uid: 'chamar', source_id: 'abc123' }]);
  });
});
