import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RetentionOverview, RetentionRun } from '@ponte/shared/lgpd/retention.schema';
import { messages } from '@ponte/shared/messages';
import { apiError, mockFetch, type MockRoute } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import { RetentionTab } from './retention-tab';

const overview: RetentionOverview = {
  instance_days: 30,
  instance_variable: 'PONTE_LOG_RETENTION_DAYS',
  flows: [{ _id: 'f1', name: 'Leads do site', retention_days: 7 }],
  rules: [
    {
      _id: 'r1',
      area: 'table',
      target: 't1',
      target_name: 'Clientes',
      date_field: 'contato',
      date_field_label: 'Último contato',
      days: 365,
      created_at: '2026-11-01T12:00:00Z',
      updated_at: '2026-11-01T12:00:00Z',
    },
  ],
};
const run: RetentionRun = {
  _id: 'x1',
  at: '2026-11-20T13:05:00Z',
  area: 'logs',
  target_name: 'Leads do site',
  source: 'flow',
  rule_id: null,
  days: 7,
  removed: 1234,
  bytes: 1_258_291,
  manual: false,
};
const targets = {
  tables: [
    {
      _id: 't2',
      name: 'Pedidos',
      date_fields: [{ name: 'entrega', label: 'Entrega', type: 'date' }],
    },
  ],
  queues: [{ _id: 'q1', name: 'Envios' }],
};

function setup(routes: MockRoute[] = []) {
  storeTestSession();
  const api = mockFetch([
    ...routes,
    { method: 'GET', path: '/api/v1/lgpd/retention', reply: { body: overview } },
    { method: 'GET', path: '/api/v1/lgpd/retention/targets', reply: { body: targets } },
    {
      method: 'GET',
      path: '/api/v1/lgpd/retention/runs',
      reply: {
        body: {
          items: [
            run,
            {
              ...run,
              _id: 'x2',
              at: '2026-11-19T13:05:00Z',
              source: 'rule',
              days: 1,
              manual: true,
              removed: 3,
              bytes: 2048,
            },
          ],
          total: 2,
        },
      },
    },
  ]);
  return { api, ...renderWithProviders(<RetentionTab />) };
}

describe('the Retenção tab', () => {
  it("shows the instance's days, the flows with their own, the rules and the history in pt-BR", async () => {
    setup();
    expect(
      await screen.findByText(/por 30 dias \(variável de ambiente PONTE_LOG_RETENTION_DAYS\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leads do site' })).toHaveAttribute(
      'href',
      '/flows/f1',
    );
    expect(screen.getByText('7 dias')).toBeInTheDocument();
    const rules = screen.getByRole('table', { name: 'Regras de retenção' });
    expect(within(rules).getByText('Clientes')).toBeInTheDocument();
    expect(within(rules).getByText('Último contato')).toBeInTheDocument();
    expect(within(rules).getByText('365 dias')).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Histórico das exclusões' });
    await waitFor(() => expect(within(history).getByText('20/11/2026 10:05')).toBeInTheDocument());
    expect(within(history).getByText('1,2 MB')).toBeInTheDocument();
    expect(within(history).getByText('1.234')).toBeInTheDocument();
    expect(within(history).getByText('Opções do flow, 7 dias')).toBeInTheDocument();
    expect(within(history).getByText('Regra, 1 dia (Aplicar agora)')).toBeInTheDocument();
  });

  it('adds a rule on a queue and shows what Aplicar agora removed', async () => {
    const { api, user } = setup([
      { method: 'POST', path: '/api/v1/lgpd/retention/rules', reply: { status: 201, body: {} } },
      {
        method: 'POST',
        path: '/api/v1/lgpd/retention/rules/r1/apply',
        reply: { body: { removed: 3, bytes: 2048 } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Nova regra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova regra de retenção' });
    await user.click(within(dialog).getByRole('combobox', { name: 'O que apagar' }));
    await user.click(await screen.findByRole('option', { name: 'Mensagens de fila' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Fila' }));
    await user.click(await screen.findByRole('option', { name: 'Envios' }));
    const days = within(dialog).getByRole('textbox', { name: 'Apagar depois de (dias)' });
    await user.clear(days);
    await user.type(days, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/lgpd/retention/rules')[0]?.body).toEqual({
        area: 'queue',
        target: 'q1',
        date_field: null,
        days: 15,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Aplicar agora: Clientes' }));
    expect(await screen.findByText(messages.retention.applied(3, '2 KB'))).toBeInTheDocument();
  });

  it("shows the server's refusal of a rule in pt-BR", async () => {
    const refusal = messages.retention.folderUnknown('/nao-existe');
    const { user } = setup([
      {
        method: 'POST',
        path: '/api/v1/lgpd/retention/rules',
        reply: apiError(400, refusal, 'validation_error'),
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Nova regra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova regra de retenção' });
    await user.click(within(dialog).getByRole('combobox', { name: 'O que apagar' }));
    await user.click(await screen.findByRole('option', { name: 'Arquivos do Storage' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Pasta do Storage' }),
      '/nao-existe',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
