import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import {
  openHistoryAt,
  versionConflict,
  versionRoutes,
  versionSummary,
} from '../../test/version-fixtures';
import { expectDenied, signInAs } from '../../test/role-fixtures';
import { listOf, pedidos, setup } from './test-fixtures';

const list = { method: 'GET', path: '/api/v1/queues', reply: listOf([pedidos]) };
const history = versionRoutes('/api/v1/queues/q1', {
  current: 2,
  summaries: [versionSummary(2), versionSummary(1)],
  documents: {},
});

describe('/queues/edit/{id}: versions', () => {
  it("opens the queue's history; a new queue has none", async () => {
    setup([
      list,
      { method: 'GET', path: '/api/v1/queues/q1', reply: { body: { ...pedidos, version: 2 } } },
      ...history,
    ]);
    const { user, unmount } = renderApp('/queues/edit/q1');
    await openHistoryAt(user, 2);
    unmount();

    setup([list]);
    renderApp('/queues/new');
    expect(await screen.findByLabelText(/Nome da fila/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Histórico de versões' })).not.toBeInTheDocument();
  });

  it("shows an Operador 'Restaurar' disabled with the reason (a restore is a save)", async () => {
    const api = setup([
      list,
      { method: 'GET', path: '/api/v1/queues/q1', reply: { body: { ...pedidos, version: 2 } } },
      ...history,
    ]);
    signInAs('operator');
    const { user } = renderApp('/queues/edit/q1');
    const drawer = await openHistoryAt(user, 2);
    const older = await within(drawer).findByRole('listitem', { name: 'Versão 1' });
    const restore = within(older).getByRole('button', { name: 'Restaurar a versão 1' });
    await expectDenied(user, restore, 'operator', 'queues.write');
    await user.click(restore);
    expect(screen.queryByRole('dialog', { name: /Restaurar/ })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends its _id and version; on a conflict "Recarregar" shows the queue as it is now', async () => {
    const stored = { queue: { ...pedidos, version: 2 } };
    const api = setup([
      list,
      { method: 'GET', path: '/api/v1/queues/q1', reply: () => ({ body: stored.queue }) },
      {
        method: 'PUT',
        path: '/api/v1/queues',
        reply: () => {
          stored.queue = { ...pedidos, max_per_second: 9, version: 3 };
          return versionConflict(
            3,
            'Esta fila foi alterada por João Lima às 14:05 depois que você a abriu.',
          );
        },
      },
      ...history,
    ]);
    const { user, router } = renderApp('/queues/edit/q1');
    const rate = await screen.findByLabelText(/Máximo de mensagens por segundo/);
    await waitFor(() => expect(rate).toHaveValue('5'));
    await user.clear(rate);
    await user.type(rate, '7');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const conflict = await screen.findByRole('dialog', { name: 'Alterado por outra pessoa' });
    expect(conflict).toHaveTextContent('Esta fila foi alterada por João Lima às 14:05');
    expect(api.callsTo('PUT', '/api/v1/queues')[0]?.body).toMatchObject({
      _id: 'q1',
      max_per_second: 7,
      version: 2,
    });
    await user.click(within(conflict).getByRole('button', { name: 'Recarregar' }));
    await user.click(within(conflict).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Máximo de mensagens por segundo/)).toHaveValue('9'),
    );
    expect(router.state.location.pathname).toBe('/queues/edit/q1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
