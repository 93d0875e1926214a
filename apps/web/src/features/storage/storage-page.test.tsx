import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { catchDownloads, file, folder, serveDownload, setup } from './test-fixtures';

const relatorios = [
  file('/relatorios/nov.pdf', 1536),
  folder('/relatorios/2026'),
  file('/relatorios/dez.csv', 512),
];

const listOf = (items: Record<string, unknown[]>) => ({
  method: 'GET',
  path: '/api/v1/storage',
  reply: (call: { url: URL }) => ({ body: items[call.url.searchParams.get('path') ?? '/'] ?? [] }),
});

describe('/storage', () => {
  it('lists the folder of the URL, folders first, with sizes and a breadcrumb from HOME', async () => {
    const api = setup([listOf({ '/relatorios': relatorios })]);
    renderApp('/storage?path=/relatorios');

    const table = await screen.findByRole('table', { name: 'Arquivos e pastas' });
    expect(api.callsTo('GET', '/api/v1/storage')[0]?.url.search).toBe('?path=%2Frelatorios');
    expect(screen.getByRole('heading', { name: 'Storage' })).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Nome', 'Caminho', 'Tamanho', 'Ações']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '2026',
      'dez.csv',
      'nov.pdf',
    ]);
    expect(within(rows[0]!).getByLabelText('Pasta')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('—')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /^Baixar/ })).toBeNull();
    expect(within(rows[2]!).getByText('1,5 KB')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Baixar nov.pdf' })).toBeInTheDocument();

    const crumbs = screen.getByRole('navigation', { name: 'Pasta atual' });
    expect(within(crumbs).getByRole('button', { name: 'HOME' })).toBeInTheDocument();
    expect(within(crumbs).getByText('relatorios')).toHaveAttribute('aria-current', 'location');
  });

  it('keeps path, search and page in the URL: entering a folder, a crumb, a search', async () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      file(`/relatorios/2026/r${String(index + 1).padStart(2, '0')}.txt`, index),
    );
    const api = setup([
      listOf({ '/': [folder('/relatorios')], '/relatorios': relatorios, '/relatorios/2026': many }),
      {
        method: 'GET',
        path: '/api/v1/storage/search',
        reply: { body: { total: 1, data: [file('/relatorios/nov.pdf', 1536)] } },
      },
    ]);
    const { router, user } = renderApp('/storage?path=/relatorios');
    const location = () => `${router.state.location.pathname}${router.state.location.search}`;

    const table = await screen.findByRole('table', { name: 'Arquivos e pastas' });
    await user.click(within(table).getByRole('button', { name: '2026' }));
    await waitFor(() => expect(location()).toBe('/storage?path=%2Frelatorios%2F2026'));
    expect(await screen.findByText('r10.txt')).toBeInTheDocument();
    expect(screen.queryByText('r11.txt')).toBeNull();
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(location()).toBe('/storage?path=%2Frelatorios%2F2026&page=2'));
    expect(await screen.findByText('r12.txt')).toBeInTheDocument();

    const crumbs = screen.getByRole('navigation', { name: 'Pasta atual' });
    await user.click(within(crumbs).getByRole('button', { name: 'relatorios' }));
    await waitFor(() => expect(location()).toBe('/storage?path=%2Frelatorios'));

    await user.type(screen.getByRole('textbox', { name: 'Buscar pastas e arquivos' }), 'nov');
    await waitFor(() => expect(location()).toBe('/storage?path=%2Frelatorios&search=nov'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/storage/search')[0]?.url.search).toBe(
        '?filter.searchTerm=nov&returnData=true',
      ),
    );
    const found = await screen.findByRole('table', { name: 'Arquivos e pastas' });
    await waitFor(() => expect(within(found).getAllByRole('row')).toHaveLength(2));

    await user.click(within(crumbs).getByRole('button', { name: 'HOME' }));
    await waitFor(() => expect(location()).toBe('/storage'));
    expect(api.callsTo('GET', '/api/v1/storage').at(-1)?.url.search).toBe('?path=%2F');
  });

  it('copies a path to the clipboard with the spec toast', async () => {
    setup([listOf({ '/relatorios': relatorios })]);
    const { user } = renderApp('/storage?path=/relatorios');
    await user.click(
      await screen.findByRole('button', { name: 'Copiar caminho /relatorios/nov.pdf' }),
    );
    expect(
      await screen.findByText('Caminho copiado para a área de transferência'),
    ).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('/relatorios/nov.pdf');
  });

  it('deletes a folder or a file after the confirmation text of each', async () => {
    const api = setup([
      listOf({ '/relatorios': relatorios }),
      { method: 'DELETE', path: '/api/v1/storage', reply: { status: 204 } },
    ]);
    const { user } = renderApp('/storage?path=/relatorios');

    await user.click(await screen.findByRole('button', { name: 'Excluir 2026' }));
    let dialog = await screen.findByRole('dialog', { name: 'Excluir pasta' });
    expect(dialog).toHaveTextContent(
      'Deseja realmente excluir este pasta? Esta ação não poderá ser revertida.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('DELETE', '/api/v1/storage')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Excluir 2026' }));
    dialog = await screen.findByRole('dialog', { name: 'Excluir pasta' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Pasta excluída com sucesso')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/storage')[0]?.url.search).toBe(
      '?path=%2Frelatorios%2F2026',
    );

    await user.click(screen.getByRole('button', { name: 'Excluir nov.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Excluir arquivo' });
    expect(dialog).toHaveTextContent(
      'Deseja realmente excluir este arquivo? Esta ação não poderá ser revertida.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Arquivo excluído com sucesso')).toBeInTheDocument();
  });

  it('downloads a file with the session token and saves it under its name', async () => {
    const api = setup([listOf({ '/relatorios': relatorios })]);
    const served = serveDownload(api, 'nov.pdf', 'conteúdo de novembro');
    const saved = catchDownloads();
    const { user } = renderApp('/storage?path=/relatorios');
    await user.click(await screen.findByRole('button', { name: 'Baixar nov.pdf' }));

    expect(await screen.findByText('Arquivo baixado com sucesso')).toBeInTheDocument();
    expect(served[0]?.url.search).toBe('?path=%2Frelatorios%2Fnov.pdf');
    expect(served[0]?.headers.Authorization).toMatch(/^Bearer .+/);
    expect(saved.names).toEqual(['nov.pdf']);
    expect(await saved.blobs[0]?.text()).toBe('conteúdo de novembro');
  });

  it('shows the server message of a failed download', async () => {
    setup([
      listOf({ '/relatorios': relatorios }),
      {
        method: 'GET',
        path: '/api/v1/storage/download',
        reply: apiError(404, 'Arquivo ou pasta não encontrado.'),
      },
    ]);
    const { user } = renderApp('/storage?path=/relatorios');
    await user.click(await screen.findByRole('button', { name: 'Baixar nov.pdf' }));
    expect(await screen.findByText('Arquivo ou pasta não encontrado.')).toBeInTheDocument();
  });

  it('shows an empty list and the server message when the list fails', async () => {
    setup([
      {
        method: 'GET',
        path: '/api/v1/storage',
        reply: apiError(400, '"/nov.pdf" é um arquivo, não uma pasta.'),
      },
    ]);
    renderApp('/storage?path=/nov.pdf');
    expect(await screen.findByText('"/nov.pdf" é um arquivo, não uma pasta.')).toBeInTheDocument();
    expect(await screen.findByText('Esta pasta está vazia.')).toBeInTheDocument();
  });

  it('shows the spec default when the list fails without a message', async () => {
    setup([{ method: 'GET', path: '/api/v1/storage', reply: { status: 500, body: 'falhou' } }]);
    renderApp('/storage');
    expect(await screen.findByText('Erro ao buscar os arquivos')).toBeInTheDocument();
  });
});
