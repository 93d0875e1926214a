import { edge, node, type TemplateSource } from './template-source';

export const orderStatusRoutingTemplate: TemplateSource = {
  _id: 'roteamento-de-pedidos-por-status',
  name: 'Roteamento de pedidos por status',
  description:
    'Recebe eventos de pedidos por webhook e segue um caminho para cada status: pedidos pagos vão para o faturamento, cancelados ou estornados são registrados e os demais ficam no log.',
  tags: ['webhook', 'roteamento', 'http'],
  variables: [{ key: 'FATURAMENTO_API_URL', value: 'https://erp.exemplo.com.br/api/faturas' }],
  nodes: [
    node('evento', 'core_webhook_trigger', [0, 0], 'Evento de pedido', {
      method: 'POST',
      path: 'pedidos/status',
      auth: 'none',
      response: 'immediate',
    }),
    node('rotear', 'core_switch', [1, 0], 'Qual status?', {
      rules: [
        { output: 'pago', condition: 'msg.payload.status = "pago"' },
        { output: 'cancelado', condition: 'msg.payload.status in ["cancelado", "estornado"]' },
      ],
    }),
    node('faturar', 'core_http_request', [2, -0.9], 'Enviar ao faturamento', {
      method: 'POST',
      url: '{{ vars.FATURAMENTO_API_URL }}',
      body_type: 'json',
      body: '{{ { "pedido": msg.payload.id, "valor": msg.payload.valor } }}',
      timeout_ms: 30000,
      retries: 3,
    }),
    node('faturado', 'core_log', [3, -0.9], 'Registrar fatura', {
      label: 'Pedido faturado',
      message: '{{ msg.payload }}',
    }),
    node('cancelado', 'core_log', [2, 0], 'Registrar cancelamento', {
      label: 'Pedido cancelado',
      message: 'Pedido {{ msg.payload.id }}: {{ msg.payload.status }}.',
    }),
    node('outros', 'core_log', [2, 0.9], 'Outros status', {
      label: 'Status sem ação',
      message: 'Pedido {{ msg.payload.id }}: {{ msg.payload.status }}.',
    }),
  ],
  edges: [
    edge('evento', 'rotear'),
    edge('rotear', 'faturar', 'pago'),
    edge('faturar', 'faturado'),
    edge('rotear', 'cancelado', 'cancelado'),
    edge('rotear', 'outros'),
  ],
};
