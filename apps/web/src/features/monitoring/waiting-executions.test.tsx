import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderPage, setup, withFakeSocket, waitingItem } from './active-executions-fixtures';

vi.mock('../../lib/engine/engine-socket', () => ({
  connectEngineSocket: vi.fn(),
  joinRoom: vi.fn(),
}));

withFakeSocket();

/** /monitoring/active: the executions that have not run, why, and what a person does to them. */
describe('ActiveExecutionsPage: queued and waiting', () => {
  it("lists the executions that have not run with why, and offers 'Executar agora' and 'Parar'", async () => {
    const api = setup([
      {
        method: 'GET',
        path: '/api/v1/monitoring/executions/waiting',
        reply: {
          body: {
            items: [
              waitingItem('e1'),
              waitingItem('e2', {
                status: 'queued',
                since: '2026-01-15T11:58:00Z',
                reason: {
                  kind: 'worker',
                  text: 'Aguardando um worker: nenhum processo que executa flows está ativo.',
                },
                run_now: false,
              }),
            ],
          },
        },
      },
      {
        method: 'POST',
        path: '/api/v1/monitoring/executions/e1/run-now',
        reply: { body: { success: true } },
      },
      { method: 'POST', path: '/engine/stop-execution', reply: { body: { success: true } } },
    ]);
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Execuções na fila e aguardando' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Aguardando')).toBeInTheDocument();
    expect(
      within(first!).getByText('Nova tentativa 2 de 4 em 15/01/2026 09:01:00.'),
    ).toBeInTheDocument();
    expect(within(first!).getByText('15/01/2026 08:59:00')).toBeInTheDocument();
    expect(within(second!).getByText('Na fila')).toBeInTheDocument();
    expect(
      within(second!).getByText(
        'Aguardando um worker: nenhum processo que executa flows está ativo.',
      ),
    ).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Executar agora' })).toBeNull();

    await user.click(within(first!).getByRole('button', { name: 'Executar agora' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/monitoring/executions/e1/run-now')).toHaveLength(1),
    );
    expect(await screen.findByText('Execução retomada.')).toBeInTheDocument();
    await user.click(within(second!).getByRole('button', { name: 'Parar' }));
    await waitFor(() => expect(api.callsTo('POST', '/engine/stop-execution')).toHaveLength(1));
    expect(api.callsTo('POST', '/engine/stop-execution')[0]!.body).toEqual({ execution_id: 'e2' });
  });

  it('shows whom an approval waits for, with a copy of a pending link, and no one for a retry', async () => {
    const link = 'https://ponte.example/engine/approval-requests/abc.def';
    setup([
      {
        method: 'GET',
        path: '/api/v1/monitoring/executions/waiting',
        reply: {
          body: {
            items: [
              waitingItem('e1', {
                reason: {
                  kind: 'approval',
                  text: 'Aguardando aprovação (1 de 2).',
                  node_uid: 'ok',
                },
                run_now: false,
                approvers: [
                  { approver: 'ana@acme.com.br', status: 'approved', url: null },
                  { approver: 'bruno@acme.com.br', status: 'pending', url: link },
                  { approver: 'carla@acme.com.br', status: 'rejected', url: null },
                  { approver: 'davi@acme.com.br', status: 'void', url: null },
                ],
              }),
              waitingItem('e2'),
            ],
          },
        },
      },
    ]);
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Execuções na fila e aguardando' });
    const [approval, retry] = within(table).getAllByRole('row').slice(1);
    const approvers = within(approval!).getByRole('list', { name: 'Aprovadores' });
    expect(
      within(approvers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'ana@acme.com.brAprovou',
      'bruno@acme.com.brPendenteCopiar link',
      'carla@acme.com.brRejeitou',
      'davi@acme.com.brNão precisou',
    ]);
    expect(within(approvers).getAllByRole('button')).toHaveLength(1);
    const copy = within(approvers).getByRole('button', {
      name: 'Copiar o link de bruno@acme.com.br',
    });
    await user.click(copy);
    expect(copy).toHaveTextContent('Copiado');
    expect(await navigator.clipboard.readText()).toBe(link);

    expect(within(retry!).queryByRole('list', { name: 'Aprovadores' })).toBeNull();
    expect(within(retry!).queryByRole('button', { name: /Copiar o link/ })).toBeNull();
  });
});
