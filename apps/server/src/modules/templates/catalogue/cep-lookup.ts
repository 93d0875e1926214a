import { edge, node, type TemplateSource } from './template-source';

export const cepLookupTemplate: TemplateSource = {
  _id: 'consulta-de-cep',
  name: 'Consulta de CEP (ViaCEP)',
  description:
    'Pede um CEP no botão Executar, consulta o endereço na API pública do ViaCEP e grava o endereço nos logs; um CEP inexistente encerra a execução com erro.',
  tags: ['http', 'dados', 'manual', 'cep'],
  variables: [],
  nodes: [
    node('inicio', 'core_manual_trigger', [0, 0], 'Informar o CEP', {
      description: 'Informe o CEP, com ou sem hífen.',
      fields: [{ name: 'cep', label: 'CEP', type: 'text', required: true }],
    }),
    node('consultar', 'core_http_request', [1, 0], 'Consultar ViaCEP', {
      method: 'GET',
      url: 'https://viacep.com.br/ws/{{ $replace(msg.payload.cep, /[^0-9]/, "") }}/json/',
      body_type: 'none',
      timeout_ms: 10000,
      retries: 1,
    }),
    node('existe', 'core_condition', [2, 0], 'CEP inexistente?', {
      expression: 'msg.payload.erro',
    }),
    node('nao-encontrado', 'core_stop', [3, -0.5], 'CEP não encontrado', {
      status: 'error',
      message: 'CEP não encontrado.',
    }),
    node('endereco', 'core_log', [3, 0.5], 'Registrar endereço', {
      label: 'Endereço',
      message:
        '{{ msg.payload.logradouro & ", " & msg.payload.bairro & " - " & msg.payload.localidade & "/" & msg.payload.uf }}',
    }),
  ],
  edges: [
    edge('inicio', 'consultar'),
    edge('consultar', 'existe'),
    edge('existe', 'nao-encontrado', 'true'),
    edge('existe', 'endereco', 'false'),
  ],
};
