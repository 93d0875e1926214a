/**
 * Small exports as n8n and Node-RED write them, made for these tests. Shapes: n8n's workflow
 * JSON (`nodes`, `connections` by node name; Execute Workflow's `workflowId` as a resource
 * locator) and Node-RED's flow export (a list of nodes, tabs by `type: 'tab'`, `z` the tab).
 */
export function n8nSample(options: { name?: string; callsOther?: boolean } = {}) {
  return {
    id: 'wf-pedidos',
    name: options.name ?? 'Pedidos do dia',
    nodes: [
      {
        id: 'a1',
        name: 'Ao clicar',
        type: 'n8n-nodes-base.manualTrigger',
        typeVersion: 1,
        position: [0, 0],
        parameters: {},
      },
      {
        id: 'a2',
        name: 'Buscar pedidos',
        type: 'n8n-nodes-base.httpRequest',
        typeVersion: 4.2,
        position: [220, 0],
        parameters: {
          method: 'GET',
          url: 'https://api.exemplo.com.br/pedidos',
          authentication: 'genericCredentialType',
          genericAuthType: 'httpBasicAuth',
          options: {},
        },
        credentials: { httpBasicAuth: { id: 'cred-loja', name: 'Loja' } },
      },
      {
        id: 'a3',
        name: 'Marcar lido',
        type: 'n8n-nodes-base.set',
        typeVersion: 3.4,
        position: [440, 0],
        parameters: {
          assignments: {
            assignments: [{ id: 'x1', name: 'status', value: 'lido', type: 'string' }],
          },
          options: {},
        },
      },
      {
        id: 'a4',
        name: 'Repetir',
        type: 'n8n-nodes-base.executeWorkflow',
        typeVersion: 1.1,
        position: [660, 0],
        parameters: {
          source: 'database',
          workflowId: {
            __rl: true,
            value: options.callsOther ? 'wf-de-fora' : 'wf-pedidos',
            mode: 'id',
          },
        },
      },
      {
        id: 'a5',
        name: 'CRM da Acme',
        type: 'n8n-nodes-base.acmeCrmInexistente',
        typeVersion: 1,
        position: [880, 0],
        parameters: {},
      },
    ],
    connections: {
      'Ao clicar': { main: [[{ node: 'Buscar pedidos', type: 'main', index: 0 }]] },
      'Buscar pedidos': { main: [[{ node: 'Marcar lido', type: 'main', index: 0 }]] },
      'Marcar lido': { main: [[{ node: 'Repetir', type: 'main', index: 0 }]] },
      Repetir: { main: [[{ node: 'CRM da Acme', type: 'main', index: 0 }]] },
    },
    settings: { executionOrder: 'v1' },
  };
}

export function nodeRedSample() {
  return [
    { id: 't1', type: 'tab', label: 'Sensores', disabled: false, info: '' },
    { id: 't2', type: 'tab', label: 'Alertas', disabled: false, info: '' },
    {
      id: 'i1',
      type: 'inject',
      z: 't1',
      name: 'A cada minuto',
      props: [{ p: 'payload' }],
      repeat: '',
      once: false,
      payload: '',
      payloadType: 'date',
      x: 120,
      y: 80,
      wires: [['d1']],
    },
    {
      id: 'd1',
      type: 'debug',
      z: 't1',
      name: 'Ver leitura',
      active: true,
      complete: 'payload',
      x: 320,
      y: 80,
      wires: [],
    },
    {
      id: 'i2',
      type: 'inject',
      z: 't2',
      name: '',
      props: [{ p: 'payload' }],
      x: 120,
      y: 80,
      wires: [['x2']],
    },
    { id: 'x2', type: 'acme-gadget', z: 't2', name: 'Gadget', x: 320, y: 80, wires: [] },
  ];
}
