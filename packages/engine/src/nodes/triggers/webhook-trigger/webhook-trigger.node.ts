import { defineNode } from '../../../kit/define-node';

export const webhookMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const webhookTriggerNode = defineNode({
  type: 'core_webhook_trigger',
  version: 1,
  category: 'trigger',
  label: 'Webhook',
  description: 'Inicia o flow quando uma requisição HTTP chega ao endereço do webhook.',
  icon: 'webhook',
  params: {
    method: {
      type: 'select',
      label: 'Método',
      default: 'POST',
      options: webhookMethods.map((method) => ({ label: method, value: method })),
    },
    path: {
      type: 'text',
      label: 'Caminho',
      required: true,
      description:
        'O webhook responde em /engine/webhook/{id do flow}/{caminho}. Um trecho que começa com dois-pontos (como :id) recebe essa parte do endereço: com pedidos/:id, uma chamada a …/pedidos/42 traz msg.webhook.params.id = "42".',
    },
    auth: {
      type: 'select',
      label: 'Autenticação',
      default: 'none',
      options: [
        { label: 'Nenhuma', value: 'none' },
        { label: 'Cabeçalho', value: 'header' },
        { label: 'Básica (usuário e senha)', value: 'basic' },
      ],
    },
    auth_header_name: { type: 'text', label: 'Nome do cabeçalho', default: 'Authorization' },
    auth_header_value: { type: 'text', label: 'Valor esperado do cabeçalho' },
    auth_username: { type: 'text', label: 'Usuário' },
    auth_password: { type: 'text', label: 'Senha' },
    response: {
      type: 'select',
      label: 'Resposta',
      default: 'immediate',
      description:
        "Imediata: 202 na hora. Nos outros modos, quem chama espera a resposta por até 30 s: se a execução não começar nesse tempo (todas as vagas ocupadas), recebe 503 com Retry-After e nada é feito; se já começou, recebe 504 e a execução segue a opção 'Continuar quando ninguém espera a resposta' (Opções do Flow).",
      options: [
        { label: 'Imediata (202 com o id da execução)', value: 'immediate' },
        { label: 'Do conector "Responder webhook"', value: 'respond_node' },
        { label: 'Saída do último conector', value: 'last_node' },
      ],
    },
  },
  outputs: { default: { label: 'Saída' } },
  /** The server passes `{payload: body, webhook: {method, path, params, headers, query}}`. */
  async run({ input }) {
    return { output: 'default', msg: input };
  },
});
