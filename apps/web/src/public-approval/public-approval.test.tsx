import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { Approval } from '@ponte/shared/approvals.schema';
import { theme } from '../app/theme';
import { pendingApproval, pendingArgumentsText } from '../test/approval-fixtures';
import { apiError, mockFetch } from '../test/mock-fetch';
import type { MockRoute } from '../test/mock-fetch';
import { PublicApprovalApp } from './public-approval-app';

// The token is opaque: one with a character that must be escaped in the path.
const token = 'tok abc';
const detailsPath = '/engine/approvals/tok%20abc/details';
const decisionPath = '/engine/approvals/tok%20abc/decision';

/** The page at /engine/approvals/{token}, in Mantine's test mode. */
function renderPage() {
  window.history.pushState({}, '', `/engine/approvals/${encodeURIComponent(token)}`);
  const user = userEvent.setup();
  render(
    <MantineProvider theme={theme} env="test">
      <PublicApprovalApp />
    </MantineProvider>,
  );
  return { user };
}

const byLink = (status: Approval['status'], extra: Partial<Approval> = {}): Approval =>
  pendingApproval({
    status,
    decided_at: '2026-01-15T12:01:30.000Z',
    decided_by: 'Link de aprovação',
    ...extra,
  });

/** GET answers the approvals in turn (the last one again after them). */
function setup(details: MockRoute['reply'][], decision?: MockRoute['reply']) {
  let asked = 0;
  return mockFetch([
    {
      method: 'GET',
      path: detailsPath,
      reply: (call) => {
        const reply = details[Math.min(asked++, details.length - 1)]!;
        return typeof reply === 'function' ? reply(call) : reply;
      },
    },
    ...(decision ? [{ method: 'POST', path: decisionPath, reply: decision }] : []),
  ]);
}

const decisionBodies = (api: ReturnType<typeof mockFetch>) =>
  api.callsTo('POST', decisionPath).map((call) => call.body);

describe('public approval page', () => {
  it('shows the call and approves it: the outcome replaces the buttons', async () => {
    const api = setup([{ body: pendingApproval() }], { body: byLink('approved') });
    const { user } = renderPage();

    expect(screen.getByRole('heading', { name: 'Aprovação de ferramenta' })).toBeInTheDocument();
    expect(await screen.findByText('Atendimento ao cliente')).toBeInTheDocument();
    expect(screen.getByText('Agente de suporte')).toBeInTheDocument();
    expect(screen.getByText('Reembolsar pedido')).toBeInTheDocument();
    expect(screen.getByText('15/01/2026 09:00:00')).toBeInTheDocument();
    expect(
      screen.getByText('Vou reembolsar o pedido PED-42, como o cliente pediu.'),
    ).toBeInTheDocument();
    const args = screen.getByTestId('approval-arguments');
    expect(args.textContent).toBe(pendingArgumentsText);
    expect(args.querySelector('img')).toBeNull();
    expect(document.title).toBe('Aprovação de ferramenta');

    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    const outcome = await screen.findByRole('region', { name: 'Decisão' });
    expect(outcome).toHaveTextContent('Aprovada por Link de aprovação em 15/01/2026 09:01:30.');
    expect(decisionBodies(api)).toEqual([{ decision: 'approve' }]);
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rejeitar' })).toBeNull();
  });

  it('rejects with the reason told to the model', async () => {
    const api = setup([{ body: pendingApproval() }], {
      body: byLink('rejected', { reason: 'Valor acima do limite.' }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar chamada' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Motivo (enviado ao modelo)' }),
      'Valor acima do limite.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar chamada' }));

    const outcome = await screen.findByRole('region', { name: 'Decisão' });
    expect(outcome).toHaveTextContent('Rejeitada por Link de aprovação em 15/01/2026 09:01:30.');
    expect(outcome).toHaveTextContent('Motivo: Valor acima do limite.');
    expect(decisionBodies(api)).toEqual([{ decision: 'reject', reason: 'Valor acima do limite.' }]);
  });

  it('shows a call decided already read-only, with who decided and why', async () => {
    const api = setup([
      { body: byLink('rejected', { decided_by: 'Ana Souza', reason: 'Não autorizado.' }) },
    ]);
    renderPage();
    const outcome = await screen.findByRole('region', { name: 'Decisão' });
    expect(outcome).toHaveTextContent('Rejeitada por Ana Souza em 15/01/2026 09:01:30.');
    expect(outcome).toHaveTextContent('Motivo: Não autorizado.');
    expect(screen.getByTestId('approval-arguments').textContent).toBe(pendingArgumentsText);
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rejeitar' })).toBeNull();
    expect(api.calls).toHaveLength(1);
  });

  it('on 409 shows the message and the decision taken meanwhile', async () => {
    const api = setup(
      [{ body: pendingApproval() }, { body: byLink('approved', { decided_by: 'Bruno' }) }],
      apiError(409, 'Esta aprovação já foi decidida.', 'approval_decided'),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar chamada' });
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar chamada' }));

    expect(await screen.findByText('Esta aprovação já foi decidida.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Decisão' })).toHaveTextContent(
      'Aprovada por Bruno em 15/01/2026 09:01:30.',
    );
    expect(decisionBodies(api)).toEqual([{ decision: 'reject' }]);
    expect(api.callsTo('GET', detailsPath)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });

  it('says the link is invalid or expired on 404', async () => {
    setup([apiError(404, 'Not Found', 'not_found')]);
    renderPage();
    expect(await screen.findByText('Link de aprovação inválido ou expirado.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Aprovação de ferramenta' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });
});
