import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { job, setup } from './test-fixtures';

describe('/queues/view/{id}: add message', () => {
  it('asks for the delay only when delayed is 1, requires the content, and sends JSON parsed', async () => {
    let answer = apiError(400, 'A mensagem passa do limite de 1 MB.');
    const api = setup([
      { method: 'POST', path: '/api/v1/queues/jobs/new/q1', reply: () => answer },
    ]);
    const { user } = renderApp('/queues/view/q1');
    await user.click(await screen.findByRole('button', { name: 'Adicionar mensagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar mensagem' });
    expect(within(dialog).queryByLabelText('Atraso em segundos')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await within(dialog).findByText('O campo "Conteúdo" é obrigatório')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/queues/jobs/new/q1')).toHaveLength(0);

    await user.click(within(dialog).getByText('Sim (1)'));
    const delay = within(dialog).getByLabelText('Atraso em segundos');
    await user.type(delay, '30');
    await user.click(within(dialog).getByText('Não (0)'));
    expect(within(dialog).queryByLabelText('Atraso em segundos')).not.toBeInTheDocument();
    await user.click(within(dialog).getByText('Sim (1)'));
    await user.clear(within(dialog).getByLabelText('Atraso em segundos'));
    await user.type(within(dialog).getByLabelText('Atraso em segundos'), '30');

    await user.type(within(dialog).getByLabelText(/Conteúdo/), '{{"pedido": 7}');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(
      await screen.findByText(
        'Erro ao adicionar mensagem à fila: A mensagem passa do limite de 1 MB.',
      ),
    ).toBeInTheDocument();

    answer = { status: 201, body: job('j5') };
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Mensagem adicionada à fila')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/queues/jobs/new/q1').at(-1)?.body).toEqual({
      message: { pedido: 7 },
      delayed: 1,
      delay_in_seconds: 30,
    });
    expect(screen.queryByRole('dialog', { name: 'Adicionar mensagem' })).not.toBeInTheDocument();
  });
});
