import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { LookupParamField, type LookupNode } from './lookup-param-field';

const spec = {
  type: 'text',
  label: 'Lista',
  required: true,
  lookup: { name: 'lists', dependsOn: ['board'] },
} as ParamSpec & { lookup: { name: string; dependsOn: string[] } };

const lists = [
  { value: 'l1', label: 'A fazer' },
  { value: 'l2', label: 'Concluído', description: 'Quadro Vendas' },
];

function setup(params: Record<string, unknown>, value = '', reply?: MockRoute['reply']) {
  const api = mockFetch([
    { method: 'POST', path: '/engine/lookups', reply: reply ?? { body: { items: lists } } },
  ]);
  const onChange = vi.fn();
  const node: LookupNode = {
    type: 'svc_trello',
    version: 1,
    params,
    labels: { board: 'Quadro', service_account: 'Conta de serviço' },
  };
  const view = renderWithProviders(
    <LookupParamField name="list" spec={spec} value={value} node={node} onChange={onChange} />,
  );
  return { ...view, api, onChange };
}

describe('a connector param with a picker', () => {
  it('asks the list through the account with the params it depends on, searches without accents and stores the id', async () => {
    const { user, api, onChange } = setup({ service_account: 'acc1', board: 'b9', other: 'x' });
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Escolher Lista da lista' }));
    expect(await screen.findByText('A fazer')).toBeInTheDocument();
    expect(api.calls[0]!.body).toEqual({
      type: 'svc_trello',
      version: 1,
      lookup: 'lists',
      service_account: 'acc1',
      params: { board: 'b9' },
    });
    await user.type(screen.getByPlaceholderText('Buscar na lista'), 'concluido');
    await waitFor(() => expect(screen.queryByText('A fazer')).not.toBeInTheDocument());
    await user.click(screen.getByText('Concluído'));
    expect(onChange).toHaveBeenCalledWith('list', 'l2');
  });

  it('names what to choose first, and asks nothing without it', async () => {
    const { api } = setup({ service_account: 'acc1' });
    const button = screen.getByRole('button', { name: 'Escolher Lista da lista' });
    expect(button).toBeDisabled();
    expect(api.calls).toHaveLength(0);
    setup({});
    expect(screen.getAllByRole('button', { name: 'Escolher Lista da lista' })[1]).toBeDisabled();
  });

  it("shows the service's refusal in the list, and the chosen option's name under the field", async () => {
    const refused = setup({ service_account: 'acc1', board: 'b9' }, '', {
      status: 400,
      body: {
        statusCode: 400,
        code: 'lookup_failed',
        message: 'O Trello recusou a consulta: invalid token.',
      },
    });
    await refused.user.click(screen.getByRole('button', { name: 'Escolher Lista da lista' }));
    expect(
      await screen.findByText('O Trello recusou a consulta: invalid token.'),
    ).toBeInTheDocument();
    refused.unmount();
    const chosen = setup({ service_account: 'acc1', board: 'b9' }, 'l2');
    await chosen.user.click(screen.getByRole('button', { name: 'Escolher Lista da lista' }));
    expect(await screen.findByText('Escolhido: Concluído')).toBeInTheDocument();
  });
});
