import { createFakePorts } from '../../testing/fake-ports';
import type { ConnectorDeclaration } from './define-connector';

/** A service of the kind the kit serves: a key header, a listing paged by `?pagina=`. */
export const declaration: ConnectorDeclaration = {
  service: 'exemplo',
  label: 'Exemplo',
  description: 'Um serviço de teste.',
  icon: 'plug',
  accountTypes: ['bearer_token'],
  baseUrl: 'https://api.exemplo.com.br/v1',
  params: {
    nome: { type: 'text', label: 'Nome', required: true },
    situacao: {
      type: 'select',
      label: 'Situação',
      default: 'ativo',
      options: [
        { label: 'Ativo', value: 'ativo' },
        { label: 'Inativo', value: 'inativo' },
      ],
    },
  },
  operations: {
    criar: {
      resource: 'Contato',
      action: 'Criar',
      params: ['nome'],
      request: (p) => ({ method: 'POST', path: 'contatos', json: { nome: p.nome } }),
    },
    listar: {
      resource: 'Contato',
      action: 'Listar',
      params: ['situacao'],
      request: (p) => ({
        method: 'GET',
        path: 'contatos',
        query: { situacao: p.situacao as string, pagina: 1 },
      }),
      paging: {
        items: (response) => (response.body as { data: unknown[] }).data,
        next: (request) => ({
          ...request,
          query: { ...request.query, pagina: Number(request.query?.pagina) + 1 },
        }),
      },
    },
  },
  authorize(account, request) {
    request.headers['x-chave'] = String(account.data.token);
  },
  errorMessage(response) {
    const body = response.body as { erro?: { campo?: string; mensagem?: string } };
    return body?.erro?.mensagem
      ? `O Exemplo recusou: ${body.erro.mensagem} (campo "${body.erro.campo}").`
      : undefined;
  },
};
export function portsWithAccount(data: Record<string, unknown> = {}) {
  const ports = createFakePorts();
  ports.accounts.conta = {
    _id: 'conta',
    type: 'bearer_token',
    data: { token: 's3gr3d0', url: 'https://api.exemplo.com.br', ...data },
  };
  return ports;
}
