import { edge, node, type TemplateSource } from './template-source';

const convert = `// Ajuste o mapeamento ao formato da API de destino.
const registros = Array.isArray(msg.payload) ? msg.payload : [];
return {
  ...msg,
  sincronizados: registros.length,
  payload: registros.map((registro) => ({
    codigo: registro.id,
    nome: registro.name,
    email: registro.email,
    atualizado_em: registro.updated_at,
  })),
};
`;

export const syncApisTemplate: TemplateSource = {
  _id: 'sincronizar-dados-entre-apis',
  name: 'Sincronizar dados entre duas APIs',
  description:
    'A cada hora busca os registros alterados numa API de origem, converte os campos para o formato do destino e os envia em lote, com novas tentativas automáticas.',
  tags: ['agendamento', 'dados', 'http', 'integração'],
  variables: [
    { key: 'ORIGEM_API_URL', value: 'https://api.exemplo.com.br/clientes' },
    { key: 'DESTINO_API_URL', value: 'https://outro-sistema.exemplo.com.br/api/clientes/lote' },
  ],
  nodes: [
    node('agenda', 'core_schedule_trigger', [0, 0], 'A cada hora', {
      cron: '0 0 * * * *',
      timezone: 'America/Sao_Paulo',
    }),
    node('buscar', 'core_http_request', [1, 0], 'Buscar alterados', {
      method: 'GET',
      url: '{{ vars.ORIGEM_API_URL }}',
      query: [{ key: 'alterados_desde', value: '{{ $fromMillis($toMillis($now()) - 3600000) }}' }],
      body_type: 'none',
      timeout_ms: 30000,
      retries: 2,
    }),
    node('converter', 'core_code', [2, 0], 'Converter campos', { code: convert }),
    node('tem-registros', 'core_condition', [3, 0], 'Há registros?', {
      expression: 'msg.sincronizados > 0',
    }),
    node('enviar', 'core_http_request', [4, -0.5], 'Enviar em lote', {
      method: 'POST',
      url: '{{ vars.DESTINO_API_URL }}',
      body_type: 'json',
      body: '{{ msg.payload }}',
      timeout_ms: 60000,
      retries: 3,
    }),
    node('registrar', 'core_log', [5, -0.5], 'Registrar', {
      label: 'Sincronização',
      message: '{{ msg.sincronizados }} registro(s) sincronizado(s).',
    }),
    node('nada', 'core_log', [4, 0.5], 'Nada a sincronizar', {
      label: 'Sincronização',
      message: 'Nenhum registro alterado na última hora.',
    }),
  ],
  edges: [
    edge('agenda', 'buscar'),
    edge('buscar', 'converter'),
    edge('converter', 'tem-registros'),
    edge('tem-registros', 'enviar', 'true'),
    edge('enviar', 'registrar'),
    edge('tem-registros', 'nada', 'false'),
  ],
};
