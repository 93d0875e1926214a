import { edge, node, type TemplateSource } from './template-source';

export const exchangeRatesTemplate: TemplateSource = {
  _id: 'cotacao-do-dolar-e-do-euro',
  name: 'Cotação do dólar e do euro',
  description:
    'Em dias úteis às 9h consulta ao mesmo tempo as cotações do dólar e do euro na AwesomeAPI, une as duas respostas e grava os valores nos logs.',
  tags: ['agendamento', 'http', 'dados', 'finanças'],
  variables: [],
  nodes: [
    node('agenda', 'core_schedule_trigger', [0, 0], 'Dias úteis às 9h', {
      cron: '0 0 9 * * 1-5',
      timezone: 'America/Sao_Paulo',
    }),
    node('dolar', 'core_http_request', [1, -0.5], 'Cotação do dólar', {
      method: 'GET',
      url: 'https://economia.awesomeapi.com.br/json/last/USD-BRL',
      body_type: 'none',
      timeout_ms: 10000,
      retries: 2,
    }),
    node('euro', 'core_http_request', [1, 0.5], 'Cotação do euro', {
      method: 'GET',
      url: 'https://economia.awesomeapi.com.br/json/last/EUR-BRL',
      body_type: 'none',
      timeout_ms: 10000,
      retries: 2,
    }),
    node('unir', 'core_merge', [2, 0], 'Unir respostas', { mode: 'object' }),
    node('registrar', 'core_log', [3, 0], 'Registrar cotações', {
      label: 'Cotações',
      message: 'Dólar: R$ {{ msg.payload.USDBRL.bid }} | Euro: R$ {{ msg.payload.EURBRL.bid }}',
    }),
  ],
  edges: [
    edge('agenda', 'dolar'),
    edge('agenda', 'euro'),
    edge('dolar', 'unir'),
    edge('euro', 'unir'),
    edge('unir', 'registrar'),
  ],
};
