import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RegisterEntry, RegisterList } from '@ponte/shared/lgpd/register.schema';
import { mockFetch, type RecordedCall } from '../../test/mock-fetch';
import { stubScreen } from '../../test/media-query';
import { renderApp } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';

const downloads = vi.hoisted(() => [] as { name: string; blob: Blob }[]);
vi.mock('../../lib/download-text', () => ({
  downloadBlob: (name: string, blob: Blob) => downloads.push({ name, blob }),
  downloadText: vi.fn(),
}));

const entry = (over: Partial<RegisterEntry> & Pick<RegisterEntry, 'flow_id' | 'name'>) =>
  ({
    group: null,
    group_name: null,
    enabled: true,
    status: 'none',
    purpose: '',
    legal_basis: null,
    data_categories: [],
    retention_note: '',
    retention_days: 30,
    retention_own: false,
    mask: 'default',
    masked: false,
    updated_at: '2026-03-10T15:00:00.000Z',
    ...over,
  }) satisfies RegisterEntry;

const invoices = entry({
  flow_id: 'f1',
  name: 'Notas fiscais',
  group: 'g1',
  group_name: 'Financeiro',
  status: 'complete',
  purpose: 'Enviar a nota fiscal ao cliente.',
  legal_basis: 'contract',
  data_categories: ['contact', 'health'],
  retention_note: '5 anos após o fim do contrato',
  retention_days: 90,
  retention_own: true,
  mask: 'on',
  masked: true,
});
const welcome = entry({ flow_id: 'f2', name: 'Boas-vindas', enabled: false });

function setup() {
  storeTestSession();
  return mockFetch([
    {
      method: 'GET',
      path: '/api/v1/lgpd/register',
      reply: (call: RecordedCall) => {
        const missing = call.url.searchParams.get('missing') === 'true';
        const items = missing ? [welcome] : [invoices, welcome];
        const body: RegisterList = {
          items,
          total: items.length,
          instance: { retention_days: 30, mask: false },
        };
        return { body };
      },
    },
    { method: 'GET', path: '/api/v1/lgpd/register/csv', reply: { body: 'Flow;Grupo' } },
    { method: 'GET', path: '/api/v1/lgpd/register/pdf', reply: { body: '%PDF-1.3' } },
  ]);
}

const open = () => renderApp('/lgpd?aba=registro');

afterEach(() => {
  downloads.length = 0;
});

describe("/lgpd, tab 'Registro de tratamento'", () => {
  it('lists each flow with its entry, a link to its editor and the sensitive categories marked', async () => {
    setup();
    open();
    const table = await screen.findByRole('table', { name: 'Registro de tratamento' });
    for (const header of [
      'Flow',
      'Finalidade',
      'Base legal',
      'Categorias de dados',
      'Retenção',
      'Mascaramento',
    ]) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const full = within(table).getByRole('row', { name: /Notas fiscais/ });
    expect(within(full).getByRole('link', { name: 'Notas fiscais' })).toHaveAttribute(
      'href',
      '/flows/f1',
    );
    expect(full).toHaveTextContent('Financeiro · Ativo');
    expect(full).toHaveTextContent('Completo');
    expect(full).toHaveTextContent('Enviar a nota fiscal ao cliente.');
    expect(full).toHaveTextContent(
      'Execução de contrato ou de procedimentos preliminares a ele (art. 7º, V)',
    );
    expect(full).toHaveTextContent('Contato (e-mail, telefone, endereço)');
    // The badge says 'sensível' once, beside health only; the label does not repeat it.
    expect(within(full).getAllByText('sensível')).toHaveLength(1);
    expect(within(full).getByText('Saúde')).toBeInTheDocument();
    expect(full).toHaveTextContent('90 dias');
    expect(full).toHaveTextContent('Prazo de guarda: 5 anos após o fim do contrato');
    expect(full).toHaveTextContent('Ligado');

    const blank = within(table).getByRole('row', { name: /Boas-vindas/ });
    expect(blank).toHaveTextContent('Sem grupo · Inativo');
    expect(blank).toHaveTextContent('Sem registro');
    expect(within(blank).getAllByText('Não informado')).toHaveLength(3);
    expect(blank).toHaveTextContent('30 dias (padrão da instância)');
    expect(blank).toHaveTextContent('Padrão da instância (desligado)');
  });

  it("'Só sem registro' asks for the flows without an entry, and the exports follow it", async () => {
    const api = setup();
    const { user } = open();
    await screen.findByRole('row', { name: /Notas fiscais/ });
    await user.click(screen.getByRole('switch', { name: 'Só sem registro' }));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Notas fiscais/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('row', { name: /Boas-vindas/ })).toBeInTheDocument();
    expect(
      api.callsTo('GET', '/api/v1/lgpd/register').at(-1)?.url.searchParams.get('missing'),
    ).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('registro-de-tratamento.csv');
    expect(api.callsTo('GET', '/api/v1/lgpd/register/csv')[0]?.url.search).toBe('?missing=true');

    await user.click(screen.getByRole('switch', { name: 'Só sem registro' }));
    await user.click(screen.getByRole('button', { name: 'Exportar PDF' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]?.name).toBe('registro-de-tratamento.pdf');
    expect(api.callsTo('GET', '/api/v1/lgpd/register/pdf')[0]?.url.search).toBe('');
  });

  it('shows one card per flow on a phone', async () => {
    stubScreen((query) => query.includes('max-width'));
    setup();
    open();
    expect(await screen.findByRole('link', { name: 'Notas fiscais' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Registro de tratamento' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Boas-vindas' })).toBeInTheDocument();
  });
});
