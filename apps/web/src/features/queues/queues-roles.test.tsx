import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { expectDenied, signInAs } from '../../test/role-fixtures';
import { job, listOf, pedidos, setup } from './test-fixtures';

const jobsRoute = {
  method: 'GET',
  path: '/api/v1/queues/jobs/q1',
  reply: (call: { url: URL }) =>
    call.url.searchParams.get('statusList') === 'failed'
      ? listOf([job('j9', { state: 'failed', error: 'HTTP 503' })])
      : listOf([job('j1')]),
};

// Roles (docs/adr/0106): an Operador operates a queue's messages, only an Editor its settings.
describe('queues by role', () => {
  it("lets a Operador operate the messages but not change the queue's settings", async () => {
    setup([jobsRoute, { method: 'GET', path: '/api/v1/queues', reply: listOf([pedidos]) }]);
    signInAs('operator');
    const { user } = renderApp('/queues/view/q1');
    const add = await screen.findByRole('button', { name: 'Adicionar mensagem' });
    expect(add).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Limpar fila' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Editar' }),
      'operator',
      'queues.write',
    );
  });

  it('shows a Leitor every change disabled with the reason', async () => {
    setup([jobsRoute, { method: 'GET', path: '/api/v1/queues', reply: listOf([pedidos]) }]);
    signInAs('viewer');
    const { user } = renderApp('/queues/view/q1');
    const add = await screen.findByRole('button', { name: 'Adicionar mensagem' });
    await expectDenied(user, add, 'viewer', 'queues.operate');
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Limpar fila' }),
      'viewer',
      'queues.operate',
    );
    const pending = await screen.findByRole('table', { name: 'Jobs pendentes' });
    await expectDenied(
      user,
      within(pending).getByRole('button', { name: 'Remover' }),
      'viewer',
      'queues.operate',
    );
    await expectDenied(
      user,
      await screen.findByRole('button', { name: 'Reenviar' }),
      'viewer',
      'queues.operate',
    );
  });

  it("shows a Leitor the list with 'Criar fila', editing and removing disabled", async () => {
    setup([{ method: 'GET', path: '/api/v1/queues', reply: listOf([pedidos]) }]);
    signInAs('viewer');
    const { user } = renderApp('/queues');
    const table = await screen.findByRole('table', { name: 'Filas internas' });
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Criar fila' }),
      'viewer',
      'queues.write',
    );
    const row = within(table).getAllByRole('row')[1]!;
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Remover' }),
      'viewer',
      'queues.write',
    );
    expect(within(row).getByRole('link', { name: 'Visualizar' })).toBeInTheDocument();
  });
});
