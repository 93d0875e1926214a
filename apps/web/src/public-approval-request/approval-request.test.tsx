import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ApprovalRequestPage } from '@ponte/shared/approval-requests.schema';
import { theme } from '../app/theme';
import { apiError, mockFetch } from '../test/mock-fetch';
import type { MockRoute } from '../test/mock-fetch';
import { ApprovalRequestApp } from './approval-request-app';

const token = 'AbCdEfGhIjKlMnOpQrStUv.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const detailsPath = `/engine/approval-requests/${token}/details`;
const decisionPath = `/engine/approval-requests/${token}/decision`;

/**
 * A request waiting for Ana, in the shape of approval-requests.schema.ts: a text with a line
 * break and one that looks like HTML (it stays text), data with a nested value, one field of
 * each kind.
 */
function pendingPage(extra: Partial<ApprovalRequestPage> = {}): ApprovalRequestPage {
  return {
    title: 'Compra acima do limite',
    text: 'Pedido PED-42 do cliente Acme.\nConfira o valor <b>antes</b> de aprovar.',
    data: { pedido: 'PED-42', itens: [{ sku: 'A1', qtd: 2 }], urgente: true },
    fields: [
      { key: 'valor', label: 'Valor aprovado', type: 'number', required: true },
      { key: 'entrega', label: 'Data de entrega', type: 'date', required: false },
      { key: 'centro', label: 'Centro de custo', type: 'text', required: false },
      { key: 'avisar', label: 'Avisar o cliente', type: 'boolean', required: false },
    ],
    comment: true,
    approver: 'ana@acme.com.br',
    mode: 'all',
    status: 'pending',
    link_status: 'pending',
    needed: 2,
    approved: 1,
    requested_at: '2026-01-15T12:00:00.000Z',
    expires_at: '2026-01-17T12:30:00.000Z',
    decided_at: null,
    ...extra,
  };
}

/** The page at /engine/approval-requests/{token}, in Mantine's test mode. */
function renderPage() {
  window.history.pushState({}, '', `/engine/approval-requests/${token}`);
  const user = userEvent.setup();
  render(
    <MantineProvider theme={theme} env="test">
      <ApprovalRequestApp />
    </MantineProvider>,
  );
  return { user };
}

function setup(details: MockRoute['reply'], decision?: MockRoute['reply']) {
  return mockFetch([
    { method: 'GET', path: detailsPath, reply: details },
    ...(decision ? [{ method: 'POST', path: decisionPath, reply: decision }] : []),
  ]);
}

const decisionBodies = (api: ReturnType<typeof mockFetch>) =>
  api.callsTo('POST', decisionPath).map((call) => call.body);

describe('approval request page', () => {
  it('shows the title, the text with its line break, the data, whom it is for and until when', async () => {
    setup({ body: pendingPage() });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compra acima do limite' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Aprovação');
    const text = screen.getByText(/^Pedido PED-42 do cliente Acme\./);
    expect(text.textContent).toBe(
      'Pedido PED-42 do cliente Acme.\nConfira o valor <b>antes</b> de aprovar.',
    );
    expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(text.querySelector('b')).toBeNull();

    const data = screen.getByRole('table', { name: 'Dados' });
    const rows = within(data)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['pedido', 'PED-42'],
      ['itens', '[{"sku":"A1","qtd":2}]'],
      ['urgente', 'true'],
    ]);
    expect(screen.getByText('Para: ana@acme.com.br')).toBeInTheDocument();
    expect(screen.getByText('Expira em 17/01/2026 09:30')).toBeInTheDocument();
    expect(screen.getByText('1 de 2 aprovações')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Comentário (opcional)' })).toBeInTheDocument();
  });

  it('shows data that is not an object as formatted JSON, and none for null', async () => {
    setup({ body: pendingPage({ data: ['PED-42', 'PED-43'], mode: 'any' }) });
    renderPage();
    const code = await screen.findByLabelText('Dados');
    expect(code.tagName).toBe('PRE');
    expect(code.textContent).toBe('[\n  "PED-42",\n  "PED-43"\n]');
    expect(screen.queryByText(/aprovações/)).toBeNull();
  });

  it('refuses to approve without a required field or with a wrong number: the message under it, nothing sent', async () => {
    const api = setup({ body: pendingPage() }, { body: pendingPage() });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Aprovar' }));

    const valor = screen.getByRole('textbox', { name: 'Valor aprovado' });
    expect(valor).toBeRequired();
    expect(valor).toHaveAccessibleDescription('O campo "Valor aprovado" é obrigatório.');
    await user.type(valor, 'doze');
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    expect(valor).toHaveAccessibleDescription(
      'Informe um número, ex.: 1.234,56, 1234,56 ou 1234.56.',
    );
    expect(decisionBodies(api)).toEqual([]);
  });

  it('approves with the number and the day read as typed in Brazil, then says so', async () => {
    const api = setup(
      { body: pendingPage() },
      {
        body: pendingPage({
          link_status: 'approved',
          approved: 2,
          status: 'approved',
          decided_at: '2026-01-15T12:05:00.000Z',
        }),
      },
    );
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Valor aprovado' }), '1.234,56');
    await user.type(screen.getByRole('textbox', { name: 'Data de entrega' }), '20012026');
    await user.click(screen.getByRole('checkbox', { name: 'Avisar o cliente' }));
    await user.type(screen.getByRole('textbox', { name: 'Comentário (opcional)' }), ' Ok. ');
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));

    const outcome = await screen.findByRole('region', { name: 'Decisão' });
    expect(outcome).toHaveTextContent('Você aprovou em 15/01/2026 09:05.');
    expect(outcome).toHaveTextContent('Aprovado: a execução continua.');
    expect(decisionBodies(api)).toEqual([
      {
        decision: 'approve',
        comment: 'Ok.',
        fields: { valor: 1234.56, entrega: '2026-01-20', avisar: true },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });

  it('on 409 shows the server message and no buttons', async () => {
    const api = setup(
      { body: pendingPage({ fields: [] }) },
      apiError(409, 'Este link de aprovação já foi usado.', 'approval_link_used'),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Rejeitar' }));

    expect(await screen.findByText('Este link de aprovação já foi usado.')).toBeInTheDocument();
    expect(decisionBodies(api)).toEqual([{ decision: 'reject', fields: {} }]);
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rejeitar' })).toBeNull();
  });

  it('says a link used before that it was, with its answer and no buttons', async () => {
    setup({
      body: pendingPage({
        link_status: 'rejected',
        status: 'rejected',
        decided_at: '2026-01-15T12:05:00.000Z',
      }),
    });
    renderPage();
    const outcome = await screen.findByRole('region', { name: 'Decisão' });
    expect(outcome).toHaveTextContent('Este link já foi usado.');
    expect(outcome).toHaveTextContent('Você rejeitou em 15/01/2026 09:05.');
    expect(outcome).toHaveTextContent('Rejeitado: a execução segue pelo caminho de rejeição.');
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });

  it('says the link is invalid or expired on 404', async () => {
    setup(apiError(404, 'Not Found', 'not_found'));
    renderPage();
    expect(await screen.findByText('Link de aprovação inválido ou expirado.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Aprovação' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });
});
