import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../testing/fake-ports';
import { defineConnector } from './define-connector';
import { declaration, portsWithAccount } from './define-connector.fixtures';

describe("a connector's pickers (docs/adr/0092)", () => {
  it("fills a param's picker through the account, page after page, with the params it depends on", async () => {
    const picking = defineConnector({
      ...declaration,
      params: {
        ...declaration.params,
        nome: {
          type: 'text',
          label: 'Nome',
          required: true,
          lookup: { name: 'nomes', dependsOn: ['situacao'] },
        },
      },
      lookups: {
        nomes: {
          request: (p) => ({
            method: 'GET',
            path: 'contatos',
            query: { situacao: String(p.situacao), pagina: 1 },
          }),
          options: (response) =>
            (response.body as { data: { id: number; nome: string }[] }).data.map((c) => ({
              value: String(c.id),
              label: c.nome,
            })),
          paging: {
            items: () => [],
            next: (request) => ({
              ...request,
              query: { ...request.query, pagina: Number(request.query?.pagina) + 1 },
            }),
          },
        },
      },
    });
    expect(picking.manifest.params.nome).toMatchObject({
      lookup: { name: 'nomes', dependsOn: ['situacao'] },
    });
    const ports = portsWithAccount();
    ports.httpHandler = (request) => {
      const page = Number(new URL(request.url).searchParams.get('pagina'));
      return jsonResponse(200, { data: page < 3 ? [{ id: page, nome: `Contato ${page}` }] : [] });
    };
    const options = await picking.lookupOptions!('nomes', {
      accountId: 'conta',
      params: { situacao: 'inativo' },
      ports,
      scope: { workspaceId: 'w1', flowId: '', executionId: '' },
      signal: new AbortController().signal,
    });
    expect(options).toEqual([
      { value: '1', label: 'Contato 1' },
      { value: '2', label: 'Contato 2' },
    ]);
    expect(ports.httpCalls.map((call) => call.url)).toEqual([
      'https://api.exemplo.com.br/v1/contatos?situacao=inativo&pagina=1',
      'https://api.exemplo.com.br/v1/contatos?situacao=inativo&pagina=2',
      'https://api.exemplo.com.br/v1/contatos?situacao=inativo&pagina=3',
    ]);
    expect(ports.httpCalls[0]!.headers?.['x-chave']).toBe('s3gr3d0');
    expect(() =>
      defineConnector({
        ...declaration,
        params: {
          ...declaration.params,
          nome: { type: 'text', label: 'Nome', lookup: { name: 'x' } },
        },
      }),
    ).toThrow('exemplo: nome usa a lista x, que não existe.');
  });
});
