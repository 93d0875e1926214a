import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { nodeLibraryQueryKey } from '../../lib/engine/get-node-library';
import { catchDownloads } from '../../test/catch-downloads';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { consultaCep, listOf, setup } from './test-fixtures';

const inactive = {
  ...consultaCep,
  _id: 'cn2',
  name: 'Envio SMS',
  service_name: '',
  imageData: '',
  enabled: false,
};

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('/custom-nodes', () => {
  it('lists a page of 10 of the selected group with image, status and actions', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const api = setup([
      { method: 'GET', path: '/api/v1/custom-nodes', reply: listOf([consultaCep, inactive], 25) },
    ]);
    renderApp('/custom-nodes?page=2&query=cep');

    expect(await screen.findByRole('heading', { name: 'Conectores' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Conectores' });
    expect(api.callsTo('GET', '/api/v1/custom-nodes')[0]?.url.search).toBe(
      '?page=2&limit=10&query=cep&group=g1',
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Imagem',
      'Nome',
      'Nome do serviço',
      'Status',
      'Atualização',
      'Ações',
    ]);
    const row = within(table).getByRole('row', { name: /Consulta CEP/ });
    expect(within(row).getByText('Ativo')).toBeInTheDocument();
    expect(within(row).getByText('ViaCEP')).toBeInTheDocument();
    expect(within(row).getByText('28/02/2026 23:00:00')).toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute('src', consultaCep.imageData);
    expect(within(row).getByRole('link', { name: 'Consulta CEP' })).toHaveAttribute(
      'href',
      '/custom-nodes/cn1',
    );
    expect(within(row).getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/custom-nodes/cn1',
    );
    expect(within(row).getByRole('link', { name: 'Remover' })).toHaveAttribute(
      'href',
      '/custom-nodes/delete/cn1',
    );
    const other = within(table).getByRole('row', { name: /Envio SMS/ });
    expect(within(other).getByText('Inativo')).toBeInTheDocument();
    expect(other.querySelector('img')).toBeNull();
  });

  it('keeps the page in the URL and asks again when the search changes', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({
      ...consultaCep,
      _id: `x${i}`,
      name: `Conector ${i + 1}`,
    }));
    const api = setup([{ method: 'GET', path: '/api/v1/custom-nodes', reply: listOf(many, 11) }]);
    const { user, router } = renderApp('/custom-nodes');
    await screen.findByRole('row', { name: /Conector 10/ });
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await user.type(screen.getByLabelText('Buscar conectores'), 'sms');
    await waitFor(() => expect(router.state.location.search).toMatch(/query=sms/));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/custom-nodes').at(-1)?.url.searchParams.get('query')).toBe(
        'sms',
      ),
    );
  });

  it('duplicates after the spec confirmation and refreshes the list and the palette', async () => {
    let answer = apiError(404, 'Conector não encontrado.');
    const api = setup([
      { method: 'GET', path: '/api/v1/custom-nodes', reply: listOf([consultaCep]) },
      { method: 'POST', path: '/api/v1/custom-nodes/duplicate/cn1', reply: () => answer },
    ]);
    const { user, queryClient } = renderApp('/custom-nodes');
    queryClient.setQueryData(nodeLibraryQueryKey, { nodes: [], olderVersions: [] });
    const row = await screen.findByRole('row', { name: /Consulta CEP/ });
    await user.click(within(row).getByRole('button', { name: 'Duplicar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicar conector' });
    expect(dialog).toHaveTextContent(
      'Deseja realmente duplicar este conector? A cópia será criada desabilitada.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('POST', '/api/v1/custom-nodes/duplicate/cn1')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Duplicar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Conector não encontrado.')).toBeInTheDocument();

    answer = {
      status: 201,
      body: { ...consultaCep, _id: 'cn9', name: 'Consulta CEP (cópia)', enabled: false },
    };
    const listCalls = api.callsTo('GET', '/api/v1/custom-nodes').length;
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Conector duplicado com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/custom-nodes/duplicate/cn1')).toHaveLength(2);
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/custom-nodes').length).toBeGreaterThan(listCalls),
    );
    expect(queryClient.getQueryState(nodeLibraryQueryKey)?.isInvalidated).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Duplicar conector' })).not.toBeInTheDocument(),
    );
  });

  it('exports {slug}.connector.json with the definition only', async () => {
    const downloads = catchDownloads();
    setup([
      {
        method: 'GET',
        path: '/api/v1/custom-nodes',
        reply: listOf([{ ...consultaCep, name: 'Consulta CEP — Ação!' }]),
      },
    ]);
    const { user } = renderApp('/custom-nodes');
    const row = await screen.findByRole('row', { name: /Consulta CEP/ });
    await user.click(within(row).getByRole('button', { name: 'Exportar' }));
    expect(downloads.names).toEqual(['consulta-cep-acao.connector.json']);
    const file = JSON.parse(await readBlob(downloads.blobs[0]!)) as Record<string, unknown>;
    expect(Object.keys(file).sort()).toEqual([
      'code_execution_content',
      'description',
      'enabled',
      'execution_type',
      'imageData',
      'name',
      'params',
      'service_name',
    ]);
    expect(file).toMatchObject({
      name: 'Consulta CEP — Ação!',
      service_name: 'ViaCEP',
      code_execution_content: consultaCep.code_execution_content,
      imageData: consultaCep.imageData,
      params: [{ name: 'cep', label: 'CEP', type: 'text', is_required: true, position: 0 }],
    });
  });

  it('says when there is no connector yet, with the create button, and when a search finds none', async () => {
    setup([{ method: 'GET', path: '/api/v1/custom-nodes', reply: listOf([]) }]);
    const first = renderApp('/custom-nodes');
    expect(await screen.findByText('Nenhum conector criado ainda.')).toBeInTheDocument();
    const create = screen.getAllByRole('link', { name: 'Novo conector' });
    expect(create[0]).toHaveAttribute('href', '/custom-nodes/new');
    first.unmount();

    renderApp('/custom-nodes?query=nada');
    expect(
      await screen.findByText('Nenhum conector encontrado para esta busca.'),
    ).toBeInTheDocument();
  });
});
