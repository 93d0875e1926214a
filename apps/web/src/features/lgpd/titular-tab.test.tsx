import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  TitularEraseResult,
  TitularPlaceResult,
  TitularRequest,
  TitularSearchResult,
} from '@ponte/shared/lgpd/titular.schema';
import { titularPlaces } from '@ponte/shared/lgpd/titular.schema';
import { titularMessages } from '@ponte/shared/lgpd/titular-messages';
import { catchDownloads } from '../../test/catch-downloads';
import { apiError, mockFetch, type MockRoute } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import { LgpdPage } from './lgpd-page';

const empty = (place: TitularPlaceResult['place']): TitularPlaceResult => ({
  place,
  found: 0,
  masked: 0,
  items: [],
  truncated: false,
});

const searchResult: TitularSearchResult = {
  request_id: 'r1',
  kind: 'CPF',
  value_masked: '***.982.247-**',
  total: 55,
  places: titularPlaces.map((place) => {
    if (place === 'logs') {
      return {
        ...empty(place),
        found: 53,
        masked: 1,
        items: [
          {
            id: '7',
            masked: false,
            at: '2026-11-20T13:00:00.000Z',
            fields: ['message'],
            execution_id: 'e1',
            flow_id: 'f1',
            flow_name: 'Cadastro',
          },
          {
            id: '8',
            masked: true,
            at: '2026-11-20T13:01:00.000Z',
            fields: ['message'],
            execution_id: 'e2',
            flow_id: 'f1',
            flow_name: 'Cadastro',
          },
        ],
      };
    }
    if (place === 'records') {
      return {
        ...empty(place),
        found: 1,
        items: [
          {
            id: 'rec1',
            masked: false,
            at: '2026-11-20T13:00:00.000Z',
            fields: ['cpf'],
            table_id: 't1',
            table_name: 'Clientes',
          },
        ],
      };
    }
    if (place === 'storage') {
      return {
        ...empty(place),
        found: 1,
        skipped: 2,
        items: [
          {
            id: '/clientes/ficha.txt',
            masked: false,
            at: null,
            fields: ['content'],
            path: '/clientes/ficha.txt',
            is_folder: false,
          },
        ],
      };
    }
    return empty(place);
  }),
};

const request: TitularRequest = {
  _id: 'r0',
  kind: 'erasure',
  created_at: '2026-11-19T15:30:00.000Z',
  user_id: 'u1',
  user_name: 'Maria Souza',
  titular_kind: 'EMAIL',
  titular_masked: 'a***@exemplo.com',
  places: [{ place: 'logs', found: 3, masked: 0, done: 3, after: 0 }],
};

function setup(routes: MockRoute[] = []) {
  storeTestSession();
  return mockFetch([
    ...routes,
    { method: 'POST', path: '/api/v1/lgpd/titulars/search', reply: { body: searchResult } },
    {
      method: 'GET',
      path: '/api/v1/lgpd/titulars/requests',
      reply: { body: { items: [request], total: 1 } },
    },
  ]);
}

const open = () => renderWithProviders(<LgpdPage />, { path: '/lgpd' });

describe("/lgpd, tab 'Titulares'", () => {
  it('refuses what is not a CPF, CNPJ, e-mail or phone without asking the server', async () => {
    const api = setup();
    const { user } = open();
    await user.type(await screen.findByLabelText('CPF, CNPJ, e-mail ou telefone'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Digite um CPF, CNPJ, e-mail ou telefone.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/lgpd/titulars/search')).toHaveLength(0);
  });

  it('shows the hits grouped by place, with links, masked traces and what was left out', async () => {
    const api = setup();
    const { user } = open();
    await user.type(
      await screen.findByLabelText('CPF, CNPJ, e-mail ou telefone'),
      '529.982.247-25',
    );
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const results = await screen.findByRole('region', { name: 'Resultado da busca' });
    expect(api.callsTo('POST', '/api/v1/lgpd/titulars/search')[0]?.body).toEqual({
      query: '529.982.247-25',
    });
    expect(within(results).getByText('CPF ***.982.247-**: 55 ocorrências')).toBeInTheDocument();

    const logs = within(results).getByRole('region', { name: 'Logs' });
    expect(within(logs).getByText('1 rastro mascarado')).toBeInTheDocument();
    expect(within(logs).getAllByText('rastro mascarado')).toHaveLength(1);
    expect(within(logs).getByText('e mais 51')).toBeInTheDocument();
    const line = within(logs).getAllByRole('link')[0]!;
    const filters = JSON.parse(
      new URL(line.getAttribute('href')!, 'http://x').searchParams.get('filters')!,
    );
    expect(filters).toMatchObject({
      execution_id: 'e1',
      date_alias: 'custom',
      from: '2026-11-20T09:59:00-03:00',
    });

    const records = within(results).getByRole('region', { name: 'Registros de tabelas' });
    expect(
      within(records).getByRole('link', { name: 'Registro rec1 da tabela "Clientes"' }),
    ).toHaveAttribute('href', '/database/entities/edit/rec1');
    const storage = within(results).getByRole('region', { name: 'Arquivos do Storage' });
    expect(
      within(storage).getByRole('link', { name: 'Arquivo /clientes/ficha.txt' }),
    ).toHaveAttribute('href', '/storage?path=%2Fclientes');
    expect(within(storage).getByText(/2 arquivos de texto maiores que 1 MB/)).toBeInTheDocument();
  });

  it('erases after a confirmation naming the counts, and shows what the search after found', async () => {
    // The record holding only the masked form is kept: the search after finds it, on purpose.
    const erased: TitularEraseResult = {
      request_id: 'r2',
      total_after: 1,
      failed_places: [],
      places: searchResult.places.map(({ place, found, masked }) => ({
        place,
        found,
        masked,
        done: place === 'records' ? 0 : found,
        failed: 0,
        after: place === 'records' ? 1 : 0,
        kept: place === 'records' ? 1 : 0,
        stopped_early: false,
      })),
    };
    const api = setup([
      { method: 'POST', path: '/api/v1/lgpd/titulars/erase', reply: { body: erased } },
    ]);
    const { user } = open();
    await user.type(await screen.findByLabelText('CPF, CNPJ, e-mail ou telefone'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir os dados deste titular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir os dados deste titular' });
    expect(
      within(dialog).getByText(/53 ocorrências \(1 como rastro mascarado\)/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/linhas de log anonimizadas/)).toBeInTheDocument();
    expect(within(dialog).queryByText('Execuções')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir 55 ocorrências' }));
    expect(await screen.findByText('Dados excluídos')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/lgpd/titulars/erase')[0]?.body).toEqual({
      query: '52998224725',
      confirm: {
        executions: 0,
        forms: 0,
        execution_data: 0,
        logs: 53,
        records: 1,
        queues: 0,
        storage: 1,
      },
    });
    expect(
      screen.getByText(
        /A busca feita logo depois encontrou 1\. 1 é rastro mascarado, mantido porque pode ser de outra pessoa\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Exclusão parcial')).toBeNull();
  });

  it('shows the server refusal when the data changed since the search', async () => {
    setup([
      {
        method: 'POST',
        path: '/api/v1/lgpd/titulars/erase',
        reply: apiError(409, 'Os dados deste titular mudaram desde a busca.', 'titular_changed'),
      },
    ]);
    const { user } = open();
    await user.type(await screen.findByLabelText('CPF, CNPJ, e-mail ou telefone'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir os dados deste titular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir os dados deste titular' });
    await user.click(within(dialog).getByRole('button', { name: /Excluir 55/ }));
    expect(
      await screen.findByText('Os dados deste titular mudaram desde a busca.'),
    ).toBeInTheDocument();
  });

  it('lists the requests with who asked, the value masked and their reports', async () => {
    const api = setup([
      {
        method: 'GET',
        path: '/api/v1/lgpd/titulars/requests/r0/report',
        reply: { body: 'relatório' },
      },
    ]);
    const downloads = catchDownloads();
    const { user } = open();
    const history = await screen.findByRole('region', { name: 'Histórico de atendimentos' });
    const row = await within(history).findByRole('listitem');
    expect(within(row).getByText('Exclusão')).toBeInTheDocument();
    expect(within(row).getByText('E-mail a***@exemplo.com')).toBeInTheDocument();
    expect(within(row).getByText(/19\/11\/2026 12:30 · Maria Souza/)).toBeInTheDocument();
    expect(
      within(row).getByText(
        /3 ocorrências encontradas, 3 excluídas, reescritas ou anonimizadas; busca depois: 0/,
      ),
    ).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Baixar relatório em CSV' }));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(api.callsTo('GET', '/api/v1/lgpd/titulars/requests/r0/report')[0]?.url.search).toBe(
      '?format=csv',
    );
  });

  it('offers the erasure when a place stopped early though none was found, and says so', async () => {
    const stopped: TitularSearchResult = {
      ...searchResult,
      total: 0,
      places: titularPlaces.map((place) =>
        place === 'storage' ? { ...empty(place), walk_stopped: true } : empty(place),
      ),
    };
    const erased: TitularEraseResult = {
      request_id: 'r3',
      total_after: 0,
      failed_places: [],
      places: titularPlaces.map((place) => ({
        place,
        found: 0,
        masked: 0,
        done: place === 'storage' ? 2 : 0,
        failed: 0,
        after: 0,
        kept: 0,
        stopped_early: place === 'storage',
      })),
    };
    setup([
      { method: 'POST', path: '/api/v1/lgpd/titulars/search', reply: { body: stopped } },
      { method: 'POST', path: '/api/v1/lgpd/titulars/erase', reply: { body: erased } },
    ]);
    const { user } = open();
    await user.type(await screen.findByLabelText('CPF, CNPJ, e-mail ou telefone'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir os dados deste titular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir os dados deste titular' });
    const [storage, ...others] = within(dialog).getAllByRole('listitem');
    expect(others).toEqual([]);
    expect(storage).toHaveTextContent(/Arquivos do Storage: 0 ocorrências .* percorre inteiro/);
    await user.click(
      within(dialog).getByRole('button', { name: 'Excluir o que a exclusão encontrar' }),
    );
    expect(await screen.findByText('Dados excluídos')).toBeInTheDocument();
    expect(screen.getByText(/a exclusão o percorreu inteiro/)).toBeInTheDocument();
  });

  it('shows the places whose erasure failed, and what the others did', async () => {
    const erased: TitularEraseResult = {
      request_id: 'r4',
      total_after: 1,
      failed_places: ['storage'],
      places: searchResult.places.map(({ place, found, masked }) => ({
        place,
        found,
        masked,
        done: place === 'storage' ? 0 : found,
        failed: 0,
        after: place === 'storage' ? 1 : 0,
        kept: 0,
        stopped_early: false,
        ...(place === 'storage' ? { error: titularMessages.eraseFailed } : {}),
      })),
    };
    setup([{ method: 'POST', path: '/api/v1/lgpd/titulars/erase', reply: { body: erased } }]);
    const { user } = open();
    await user.type(await screen.findByLabelText('CPF, CNPJ, e-mail ou telefone'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir os dados deste titular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir os dados deste titular' });
    await user.click(within(dialog).getByRole('button', { name: /Excluir 55/ }));
    expect(await screen.findByText('Exclusão não concluída')).toBeInTheDocument();
    expect(
      screen.getByText(/A exclusão não foi concluída em: Arquivos do Storage/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/54 ocorrências excluídas, reescritas ou anonimizadas/),
    ).toBeInTheDocument();
    const notes = screen.getByRole('list', { name: 'O que a exclusão não concluiu ou avisa' });
    expect(notes).toHaveTextContent(`Arquivos do Storage: ${titularMessages.eraseFailed}`);
  });
});
