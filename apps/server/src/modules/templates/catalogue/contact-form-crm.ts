import { edge, node, type TemplateSource } from './template-source';

export const contactFormCrmTemplate: TemplateSource = {
  _id: 'formulario-de-contato-para-crm',
  name: 'Formulário de contato para o CRM',
  description:
    'A cada envio de um formulário do workspace (campos nome, email e mensagem), padroniza os dados, cria o contato no CRM por API e confirma o recebimento por e-mail.',
  tags: ['formulários', 'http', 'e-mail', 'crm'],
  variables: [{ key: 'CRM_API_URL', value: 'https://crm.exemplo.com.br/api/contatos' }],
  nodes: [
    node('formulario', 'core_form_trigger', [0, 0], 'Envio do formulário', { form: '' }),
    node('padronizar', 'core_set', [1, 0], 'Padronizar contato', {
      target: 'msg',
      values: [
        { path: 'contato.nome', value: '{{ $trim(msg.payload.nome) }}' },
        { path: 'contato.email', value: '{{ $lowercase($trim(msg.payload.email)) }}' },
        { path: 'contato.mensagem', value: '{{ msg.payload.mensagem }}' },
        { path: 'contato.origem', value: 'formulario' },
      ],
    }),
    node('criar-contato', 'core_http_request', [2, 0], 'Criar contato no CRM', {
      method: 'POST',
      url: '{{ vars.CRM_API_URL }}',
      body_type: 'json',
      body: '{{ msg.contato }}',
      timeout_ms: 30000,
      retries: 2,
    }),
    node('confirmar', 'core_send_email', [3, -0.5], 'Confirmar por e-mail', {
      service_account: '',
      to: '{{ msg.contato.email }}',
      subject: 'Recebemos sua mensagem',
      text: 'Olá, {{ msg.contato.nome }}!\n\nRecebemos sua mensagem e responderemos em breve.\n\nAtenciosamente,\nEquipe de atendimento',
    }),
    node('falha-crm', 'core_log', [3, 0.5], 'Falha no CRM', {
      label: 'Contato não criado no CRM',
      message: '{{ msg.contato.email & ": " & msg.error.message }}',
    }),
  ],
  edges: [
    edge('formulario', 'padronizar'),
    edge('padronizar', 'criar-contato'),
    edge('criar-contato', 'confirmar'),
    edge('criar-contato', 'falha-crm', 'error'),
  ],
};
