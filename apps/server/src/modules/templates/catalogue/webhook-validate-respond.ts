import { edge, node, type TemplateSource } from './template-source';

export const webhookValidateRespondTemplate: TemplateSource = {
  _id: 'webhook-valida-e-responde',
  name: 'Webhook que valida e responde',
  description:
    'Recebe um pedido em JSON por webhook, confere se ele tem itens, calcula o total e responde na hora com o pedido calculado ou com um erro 400.',
  tags: ['webhook', 'api', 'validação'],
  variables: [],
  nodes: [
    node('receber', 'core_webhook_trigger', [0, 0], 'Receber pedido', {
      method: 'POST',
      path: 'pedidos',
      auth: 'none',
      response: 'respond_node',
    }),
    node('tem-itens', 'core_condition', [1, 0], 'Tem itens?', {
      expression: '$count(msg.payload.itens) > 0',
    }),
    node('calcular', 'core_set', [2, -0.5], 'Calcular total', {
      target: 'msg',
      values: [
        { path: 'payload.total', value: '{{ $sum(msg.payload.itens.(quantidade * preco)) }}' },
        { path: 'payload.recebido_em', value: '{{ $now() }}' },
      ],
    }),
    node('responder-ok', 'core_respond_webhook', [3, -0.5], 'Responder 200', {
      status: 200,
      body: '{{ msg.payload }}',
    }),
    node('responder-erro', 'core_respond_webhook', [2, 0.5], 'Responder 400', {
      status: 400,
      body: '{{ { "erro": "Informe ao menos um item no campo itens." } }}',
    }),
  ],
  edges: [
    edge('receber', 'tem-itens'),
    edge('tem-itens', 'calcular', 'true'),
    edge('calcular', 'responder-ok'),
    edge('tem-itens', 'responder-erro', 'false'),
  ],
};
