import { edge, node, type TemplateSource } from './template-source';

export const processListItemsTemplate: TemplateSource = {
  _id: 'processar-lista-item-a-item',
  name: 'Processar uma lista item a item',
  description:
    'Busca uma lista de registros numa API e envia cada item, um de cada vez, para outra API; os itens que falham vão para os logs sem interromper os demais, e um resumo sai no fim.',
  tags: ['dados', 'loop', 'http', 'integração'],
  variables: [
    { key: 'ORIGEM_API_URL', value: 'https://api.exemplo.com.br/clientes' },
    { key: 'DESTINO_API_URL', value: 'https://outro-sistema.exemplo.com.br/api/clientes' },
  ],
  nodes: [
    node('inicio', 'core_manual_trigger', [0, 0], 'Executar', {
      description: 'Envia todos os registros da API de origem para a API de destino.',
    }),
    node('buscar', 'core_http_request', [1, 0], 'Buscar lista', {
      method: 'GET',
      url: '{{ vars.ORIGEM_API_URL }}',
      body_type: 'none',
      timeout_ms: 30000,
      retries: 2,
    }),
    node('percorrer', 'core_loop', [2, 0], 'Para cada item', { items: '{{ msg.payload }}' }),
    node('enviar', 'core_http_request', [3, 0.6], 'Enviar item', {
      method: 'POST',
      url: '{{ vars.DESTINO_API_URL }}',
      body_type: 'json',
      body: '{{ msg.payload }}',
      timeout_ms: 30000,
      retries: 1,
    }),
    node('falha', 'core_log', [4, 1.2], 'Registrar falha', {
      label: 'Item com falha',
      message: 'Item {{ msg.loop.index + 1 }} de {{ msg.loop.total }}: {{ msg.error.message }}',
    }),
    node('resumo', 'core_log', [3, -0.6], 'Resumo', {
      label: 'Resumo',
      message: '{{ $count(msg.payload) }} item(ns) processado(s).',
    }),
  ],
  edges: [
    edge('inicio', 'buscar'),
    edge('buscar', 'percorrer'),
    edge('percorrer', 'enviar', 'item'),
    edge('enviar', 'percorrer'),
    edge('enviar', 'falha', 'error'),
    edge('falha', 'percorrer'),
    edge('percorrer', 'resumo', 'done'),
  ],
};
