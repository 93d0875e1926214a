import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import type { RecordedCall } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { job, listOf, pedidos, setup } from './test-fixtures';

const longText = 'x'.repeat(130);
const pending = [
  job('j1', { message: longText }),
  job('j2', { delayed: true, delay_in_seconds: 3600, run_at: '2999-01-01T00:00:00Z' }),
  job('j3', { delayed: true, delay_in_seconds: 0, run_at: '2026-01-15T12:34:56Z' }),
];
const failed = job('j9', { state: 'failed', error: 'HTTP 503 da API de pedidos' });

const jobsRoute = {
  method: 'GET',
  path: '/api/v1/queues/jobs/q1',
  reply: (call: RecordedCall) =>
    call.url.searchParams.get('statusList') === 'failed' ? listOf([failed]) : listOf(pending),
};

describe('/queues/view/{id}', () => {
  it('shows the info, the counters by state and the consumer flow linked to its editor', async () => {
    setup([jobsRoute]);
    renderApp('/queues/view/q1');

    const info = await screen.findByRole('table', { name: 'Dados da fila' });
    expect(within(info).getByRole('row', { name: /Máximo por segundo/ })).toHaveTextContent('5');
    expect(within(info).getByRole('row', { name: /Status/ })).toHaveTextContent('Em execução');
    expect(within(info).getByRole('row', { name: /ID/ })).toHaveTextContent('q1');
    expect(within(info).getByRole('row', { name: /Criação/ })).toHaveTextContent('15/01/2026');
    expect(screen.getByRole('group', { name: 'Concluídas' })).toHaveTextContent('40');
    expect(screen.getByRole('group', { name: 'Aguardando' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Com falha' })).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'Processar pedidos' })).toHaveAttribute(
      'href',
      '/flows/f1',
    );
  });

  it('says when Redis lost messages of the queue and they were put back', async () => {
    setup([
      {
        method: 'GET',
        path: '/api/v1/queues/q1/restores',
        reply: {
          body: {
            items: [
              { restored: 3, at: '2026-11-28T17:05:42.000Z' },
              { restored: 1, at: '2026-11-27T02:30:00.000Z' },
            ],
          },
        },
      },
    ]);
    renderApp('/queues/view/q1');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('O Redis perdeu dados desta fila');
    expect(notice).toHaveTextContent(
      '3 mensagens foram reenfileiradas depois que o Redis perdeu os dados, em 28/11/2026 14:05.',
    );
    expect(notice).toHaveTextContent(
      '1 mensagem foi reenfileirada depois que o Redis perdeu os dados, em 26/11/2026 23:30.',
    );
  });

  it('shows no notice when Redis never lost messages of the queue', async () => {
    setup([jobsRoute]);
    renderApp('/queues/view/q1');
    await screen.findByRole('table', { name: 'Dados da fila' });
    expect(screen.queryByText(/reenfileirada/)).not.toBeInTheDocument();
  });

  it('says when no flow consumes the queue', async () => {
    setup([
      { method: 'GET', path: '/api/v1/queues/q1', reply: { body: { ...pedidos, flow_id: null } } },
    ]);
    renderApp('/queues/view/q1');
    expect(await screen.findByText(/A fila não tem flow consumidor ativo\./)).toBeInTheDocument();
  });

  it('lists pending jobs with the excerpt, the delayed display and the full message', async () => {
    setup([jobsRoute]);
    const { user } = renderApp('/queues/view/q1');
    const table = await screen.findByRole('table', { name: 'Jobs pendentes' });
    const first = await within(table).findByRole('row', { name: /j1/ });
    expect(within(first).getByText(`${'x'.repeat(100)}[...]`)).toBeInTheDocument();
    expect(within(first).getByText('Não')).toBeInTheDocument();
    expect(within(first).getByText('Importar pedidos')).toBeInTheDocument();
    expect(within(first).getByText(/15\/01\/2026/)).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /j2/ })).toHaveTextContent('Delayed: Aguardando');
    const third = within(table).getByRole('row', { name: /j3/ });
    expect(third).toHaveTextContent('Delayed: Execução imediata');

    await user.click(within(third).getByRole('button', { name: /pedido/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensagem j3' });
    expect(dialog.querySelector('pre')?.textContent).toBe(
      '{\n    "pedido": 42,\n    "itens": [\n        "a",\n        "b"\n    ]\n}',
    );
  });

  it('removes a pending job only after the confirmation', async () => {
    let answer = apiError(409, 'A mensagem já está em execução e não pode ser removida.');
    const api = setup([
      jobsRoute,
      { method: 'DELETE', path: '/api/v1/queues/jobs/remove/q1/j1', reply: () => answer },
    ]);
    const { user } = renderApp('/queues/view/q1');
    const table = await screen.findByRole('table', { name: 'Jobs pendentes' });
    const row = await within(table).findByRole('row', { name: /j1/ });

    await user.click(within(row).getByRole('button', { name: 'Remover' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remover job' });
    expect(dialog).toHaveTextContent(
      'Tem certeza que deseja remover este job? Esta ação não pode ser desfeita.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('DELETE', '/api/v1/queues/jobs/remove/q1/j1')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Remover' }));
    dialog = await screen.findByRole('dialog', { name: 'Remover job' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(
      await screen.findByText(
        'Erro ao remover mensagem: A mensagem já está em execução e não pode ser removida.',
      ),
    ).toBeInTheDocument();

    answer = { status: 204 };
    await user.click(within(row).getByRole('button', { name: 'Remover' }));
    dialog = await screen.findByRole('dialog', { name: 'Remover job' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Mensagem removida')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/queues/jobs/remove/q1/j1')).toHaveLength(2);
  });

  it('cleans the queue after the spec confirmation, and pauses it', async () => {
    const api = setup([
      jobsRoute,
      { method: 'POST', path: '/api/v1/queues/control/clean/q1', reply: { body: pedidos } },
      { method: 'POST', path: '/api/v1/queues/control/pause/q1', reply: { body: pedidos } },
    ]);
    const { user } = renderApp('/queues/view/q1');
    await user.click(await screen.findByRole('button', { name: 'Limpar fila' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limpar fila' });
    expect(dialog).toHaveTextContent(
      'Tem certeza que deseja limpar a fila? Esta ação não pode ser desfeita.',
    );
    expect(api.callsTo('POST', '/api/v1/queues/control/clean/q1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/queues/control/clean/q1')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const reads = api.callsTo('GET', '/api/v1/queues/q1').length;
    await user.click(screen.getByRole('button', { name: 'Pausar' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/queues/control/pause/q1')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/queues/q1').length).toBeGreaterThan(reads),
    );
  });

  it('retries a failed job, showing its error', async () => {
    const api = setup([
      jobsRoute,
      { method: 'POST', path: '/api/v1/queues/jobs/retry/q1/j9', reply: { body: failed } },
    ]);
    const { user } = renderApp('/queues/view/q1');
    const table = await screen.findByRole('table', { name: 'Jobs com falha' });
    const row = await within(table).findByRole('row', { name: /j9/ });
    expect(row).toHaveTextContent('HTTP 503 da API de pedidos');
    await user.click(within(row).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText('Mensagem reenviada para a fila')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/queues/jobs/retry/q1/j9')).toHaveLength(1);
  });
});
