import { edge, node, type TemplateSource } from './template-source';

const buildReport = `// Espera uma lista de vendas: [{ "vendedor": "Ana", "pedidos": 3, "total": 1250.5 }]
const vendas = Array.isArray(msg.payload) ? msg.payload : msg.payload.vendas || [];
const reais = (valor) => 'R$ ' + Number(valor || 0).toFixed(2).replace('.', ',');
const escapar = (texto) =>
  String(texto ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

const linhas = vendas
  .map((v) => \`<tr><td>\${escapar(v.vendedor)}</td><td>\${Number(v.pedidos || 0)}</td><td>\${reais(v.total)}</td></tr>\`)
  .join('');
const total = vendas.reduce((soma, v) => soma + Number(v.total || 0), 0);
const data = moment().utcOffset(-180).format('DD/MM/YYYY');

return {
  ...msg,
  relatorio: {
    data,
    html: \`<h2>Vendas de \${data}</h2>
<table border="1" cellpadding="6" cellspacing="0">
  <tr><th>Vendedor</th><th>Pedidos</th><th>Total</th></tr>\${linhas}
</table>
<p>Total do dia: <b>\${reais(total)}</b></p>\`,
  },
};
`;

export const dailyReportEmailTemplate: TemplateSource = {
  _id: 'relatorio-diario-por-email',
  name: 'Relatório diário por e-mail',
  description:
    'Todo dia útil às 8h busca o resumo de vendas numa API, monta uma tabela em HTML e envia por e-mail para a equipe.',
  tags: ['agendamento', 'e-mail', 'relatórios', 'http'],
  variables: [
    { key: 'RELATORIO_API_URL', value: 'https://api.exemplo.com.br/vendas/resumo' },
    { key: 'RELATORIO_DESTINATARIOS', value: 'equipe@exemplo.com.br' },
  ],
  nodes: [
    node('agenda', 'core_schedule_trigger', [0, 0], 'Dias úteis às 8h', {
      cron: '0 0 8 * * 1-5',
      timezone: 'America/Sao_Paulo',
    }),
    node('buscar', 'core_http_request', [1, 0], 'Buscar vendas', {
      method: 'GET',
      url: '{{ vars.RELATORIO_API_URL }}',
      body_type: 'none',
      timeout_ms: 30000,
      retries: 2,
    }),
    node('montar', 'core_code', [2, 0], 'Montar relatório', { code: buildReport }),
    node('enviar', 'core_send_email', [3, 0], 'Enviar e-mail', {
      service_account: '',
      to: '{{ vars.RELATORIO_DESTINATARIOS }}',
      subject: 'Relatório de vendas - {{ msg.relatorio.data }}',
      html: '{{ msg.relatorio.html }}',
    }),
  ],
  edges: [edge('agenda', 'buscar'), edge('buscar', 'montar'), edge('montar', 'enviar')],
};
