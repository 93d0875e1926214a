import { edge, node, type TemplateSource } from './template-source';

const normalise = `// Recebe { nome, email, telefone } de quem chamou e devolve os dados padronizados:
// o último payload deste flow é a resposta que o conector "Executar flow" recebe.
const entrada = msg.payload || {};
const nome = String(entrada.nome || '')
  .trim()
  .replace(/\\s+/g, ' ')
  .toLowerCase()
  .replace(/(^|\\s)\\S/g, (letra) => letra.toUpperCase());
const email = String(entrada.email || '').trim().toLowerCase();
const telefone = String(entrada.telefone || '').replace(/\\D/g, '');
return {
  ...msg,
  payload: { nome, email, telefone, email_valido: /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email) },
};
`;

export const normaliseContactSubflowTemplate: TemplateSource = {
  _id: 'sub-flow-padronizar-contato',
  name: 'Sub-flow: padronizar contato',
  description:
    'Um flow reutilizável, chamado por outros flows: recebe nome, e-mail e telefone e devolve os dados limpos e padronizados, com a indicação de e-mail válido.',
  tags: ['sub-flows', 'dados', 'código', 'reutilização'],
  variables: [],
  nodes: [
    node('chamado', 'core_flow_trigger', [0, 0], 'Chamado por outro flow'),
    node('padronizar', 'core_code', [1, 0], 'Padronizar contato', { code: normalise }),
  ],
  edges: [edge('chamado', 'padronizar')],
};
