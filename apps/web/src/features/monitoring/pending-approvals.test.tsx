import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Approval } from '@ponte/shared/approvals.schema';
import { pendingApproval, pendingArgumentsText } from '../../test/approval-fixtures';
import { apiError, mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { PendingApprovals } from './pending-approvals';

const listPath = '/api/v1/approvals';
const decisionPath = '/api/v1/approvals/ap1/decision';

/** GET answers the lists in turn (the last one again after them); `decision` answers the POST. */
function setup(lists: Approval[][], decision: MockRoute['reply']) {
  let asked = 0;
  return mockFetch([
    {
      method: 'GET',
      path: listPath,
      reply: () => ({ body: { items: lists[Math.min(asked++, lists.length - 1)] } }),
    },
    { method: 'POST', path: decisionPath, reply: decision },
  ]);
}

function renderSection() {
  return renderWithProviders(<PendingApprovals />, {
    path: '/monitoring/active',
    extraPaths: ['/flows/:id'],
  });
}

const decided = (status: Approval['status'], extra: Partial<Approval> = {}) => ({
  body: pendingApproval({
    status,
    decided_at: '2026-01-15T12:01:00.000Z',
    decided_by: 'Ana',
    ...extra,
  }),
});

async function pendingItem() {
  const section = await screen.findByRole('region', { name: 'Aguardando aprovação' });
  return within(section).getByRole('listitem', {
    name: 'Reembolsar pedido, Atendimento ao cliente',
  });
}

describe("'Aguardando aprovação' on /monitoring/active", () => {
  it('lists the call with its details and arguments, approves it and asks the list again', async () => {
    const api = setup([[pendingApproval()], []], decided('approved'));
    const { user } = renderSection();
    const item = await pendingItem();

    expect(within(item).getByText('Agente de suporte')).toBeInTheDocument();
    expect(within(item).getByText('Reembolsar pedido')).toBeInTheDocument();
    // 12:00 UTC is 09:00 in São Paulo.
    expect(within(item).getByText('15/01/2026 09:00:00')).toBeInTheDocument();
    expect(
      within(item).getByText('Vou reembolsar o pedido PED-42, como o cliente pediu.'),
    ).toBeInTheDocument();
    const args = within(item).getByTestId('approval-arguments');
    expect(args.textContent).toBe(pendingArgumentsText);
    expect(args.querySelector('img')).toBeNull();
    expect(args).toHaveAccessibleName('Argumentos');

    await user.click(within(item).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Chamada aprovada: a execução continua.')).toBeInTheDocument();
    expect(api.callsTo('POST', decisionPath).map((call) => call.body)).toEqual([
      { decision: 'approve' },
    ]);
    // Asked again before the notice shows, not at the next 5 s tick.
    expect(api.callsTo('GET', listPath)).toHaveLength(2);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Aguardando aprovação' })).toBeNull(),
    );
  });

  it('links the flow name to the flow editor', async () => {
    setup([[pendingApproval()]], decided('approved'));
    const { user, router } = renderSection();
    await user.click(
      within(await pendingItem()).getByRole('link', { name: 'Atendimento ao cliente' }),
    );
    expect(router.state.location.pathname).toBe('/flows/f1');
  });

  it("rejects with the reason typed in 'Motivo (enviado ao modelo)'", async () => {
    const api = setup(
      [[pendingApproval()], []],
      decided('rejected', { reason: 'Acima do limite.' }),
    );
    const { user } = renderSection();
    await user.click(within(await pendingItem()).getByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar chamada' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Motivo (enviado ao modelo)' }),
      '  Acima do limite.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar chamada' }));

    expect(
      await screen.findByText('Chamada rejeitada: o modelo recebe a recusa.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', decisionPath).map((call) => call.body)).toEqual([
      { decision: 'reject', reason: 'Acima do limite.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('rejects without a reason when none is typed', async () => {
    const api = setup([[pendingApproval()], []], decided('rejected'));
    const { user } = renderSection();
    await user.click(within(await pendingItem()).getByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar chamada' });
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar chamada' }));
    await screen.findByText('Chamada rejeitada: o modelo recebe a recusa.');
    expect(api.callsTo('POST', decisionPath).map((call) => call.body)).toEqual([
      { decision: 'reject' },
    ]);
  });

  it('shows the message of a call decided elsewhere (409) and asks the list again', async () => {
    const api = setup(
      [[pendingApproval()], []],
      apiError(409, 'Esta aprovação já foi decidida.', 'approval_decided'),
    );
    const { user } = renderSection();
    await user.click(within(await pendingItem()).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Esta aprovação já foi decidida.')).toBeInTheDocument();
    expect(screen.queryByText('Chamada aprovada: a execução continua.')).toBeNull();
    expect(api.callsTo('GET', listPath)).toHaveLength(2);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Aguardando aprovação' })).toBeNull(),
    );
  });

  it('stays hidden with no pending call, and shows one that arrives within 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup([[], [pendingApproval()]], decided('approved'));
    renderSection();
    await waitFor(() => expect(api.callsTo('GET', listPath)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Aguardando aprovação' })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await pendingItem()).toBeInTheDocument();
    expect(api.callsTo('GET', listPath)).toHaveLength(2);
  });
});
