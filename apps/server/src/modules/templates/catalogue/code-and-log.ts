import { edge, node, type TemplateSource } from './template-source';

const greet = `// msg.payload traz os campos do formulário do Manual Trigger.
const nome = String(msg.payload.nome || 'mundo').trim();
msg.payload = {
  saudacao: \`Olá, \${nome}!\`,
  slug: toSlug(nome),
  executado_em: moment().utcOffset(-180).format('DD/MM/YYYY HH:mm:ss'),
};
return msg;
`;

export const codeAndLogTemplate: TemplateSource = {
  _id: 'primeiros-passos-codigo-e-log',
  name: 'Primeiros passos: código e log',
  description:
    'O exemplo mais simples: o botão Executar pede um nome, um conector de código monta uma saudação e o resultado aparece nos logs de monitoramento.',
  tags: ['iniciante', 'código', 'manual'],
  variables: [],
  nodes: [
    node('inicio', 'core_manual_trigger', [0, 0], 'Pedir um nome', {
      description: 'Digite seu nome e veja a saudação nos logs de monitoramento.',
      fields: [{ name: 'nome', label: 'Seu nome', type: 'text', required: true }],
    }),
    node('saudar', 'core_code', [1, 0], 'Montar saudação', { code: greet }),
    node('registrar', 'core_log', [2, 0], 'Registrar nos logs', {
      label: 'Saudação',
      message: '{{ msg.payload }}',
    }),
  ],
  edges: [edge('inicio', 'saudar'), edge('saudar', 'registrar')],
};
