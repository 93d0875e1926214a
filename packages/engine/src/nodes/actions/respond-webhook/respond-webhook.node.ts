import { defineNode } from '../../../kit/define-node';

export const respondWebhookNode = defineNode({
  type: 'core_respond_webhook',
  version: 1,
  category: 'action',
  label: 'Responder webhook',
  description: 'Define a resposta HTTP de um webhook configurado para responder por este conector.',
  icon: 'send',
  params: {
    status: { type: 'number', label: 'Status HTTP', default: 200, min: 100, max: 599 },
    headers: {
      type: 'table-params',
      label: 'Cabeçalhos',
      columns: [
        { key: 'key', label: 'Nome', type: 'text' },
        { key: 'value', label: 'Valor', type: 'text' },
      ],
    },
    body: { type: 'textarea', label: 'Corpo', valueType: 'any', default: '{{ msg.payload }}' },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, respond, log }) {
    const headers: Record<string, string> = {};
    for (const row of params.headers ?? []) {
      const key = String(row.key ?? '').trim();
      if (key) headers[key.toLowerCase()] = String(row.value ?? '');
    }
    if (respond) respond({ status: Math.trunc(params.status), headers, body: params.body });
    else log.debug('Responder webhook', 'Nenhum webhook aguardando resposta nesta execução.');
    return { output: 'default', msg: input };
  },
});
