import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FlowConfigValues } from '@ponte/shared/flows.schema';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { FlowOptionsModal } from './flow-options-modal';

const engineStatus = (lgpdMask: boolean) => ({
  running: true,
  scheduled_jobs: 0,
  running_flows_count: 0,
  queues: { registered_queues: 0 },
  endpoint: 'http://localhost/engine',
  lgpd_mask: lgpdMask,
});

function open(config: Partial<FlowConfigValues> = {}, instance = true) {
  mockFetch([{ method: 'GET', path: '/engine/status', reply: { body: engineStatus(instance) } }]);
  const onApply = vi.fn();
  const view = renderWithProviders(
    <FlowOptionsModal
      opened
      config={{ rate_limit: 0, save_executions: 'default', continue_unawaited: true, ...config }}
      onClose={() => {}}
      onApply={onApply}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Opções do Flow' });
  const select = within(dialog).getByRole('combobox', {
    name: 'Mascarar dados pessoais nos logs e nas execuções',
  });
  const paths = within(dialog).getByRole('combobox', { name: /^Campos a mascarar inteiros/ });
  const apply = () => view.user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
  return { ...view, dialog, select, paths, apply, onApply };
}

describe("'Dados pessoais (LGPD)' in the flow options", () => {
  it('follows the instance until changed, and says what the instance does', async () => {
    const { dialog, select, user, apply, onApply } = open({}, true);
    expect(within(dialog).getByText('Dados pessoais (LGPD)')).toBeInTheDocument();
    expect(await within(dialog).findByDisplayValue('Padrão da instância (ligado)')).toBe(select);
    expect(dialog).toHaveTextContent('O flow roda com os valores reais');
    await user.click(select);
    for (const option of ['Padrão da instância (ligado)', 'Ligado', 'Desligado'])
      expect(await screen.findByRole('option', { name: option })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Padrão da instância (ligado)' }));
    // Left at the default, a flow without LGPD options stays without them.
    await apply();
    expect(onApply).toHaveBeenCalledWith({
      rate_limit: 0,
      save_executions: 'default',
      continue_unawaited: true,
    });
  });

  it('names the instance default off', async () => {
    const { dialog } = open({}, false);
    expect(
      await within(dialog).findByDisplayValue('Padrão da instância (desligado)'),
    ).toBeVisible();
  });

  it('turns masking on with fields masked whole, refusing a field that is no path', async () => {
    const { dialog, select, paths, user, apply, onApply } = open();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Ligado' }));
    await user.type(paths, 'payload.cliente.nome{Enter}itens.*.cpf{Enter}nome{Enter}');
    await user.type(paths, 'payload..cpf{Enter}');
    expect(dialog).toHaveTextContent(
      "Campo inválido: use nomes separados por ponto, como 'payload.cliente.nome' ou 'itens.*.cpf'.",
    );
    expect(dialog).toHaveTextContent('itens.*.cpf');
    await apply();
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({
        lgpd: expect.objectContaining({
          mask: 'on',
          mask_paths: ['payload.cliente.nome', 'itens.*.cpf', 'nome'],
        }),
      }),
    );
  });

  it('keeps the rest of the LGPD options as they were when masking changes', async () => {
    const lgpd = {
      mask: 'on' as const,
      mask_paths: ['nome'],
      purpose: 'Cadastro de clientes',
      legal_basis: 'contract' as const,
      data_categories: ['identification' as const],
      retention_note: '5 anos',
    };
    const { dialog, select, user, apply, onApply } = open({ lgpd, retention_days: 90 });
    expect(select).toHaveValue('Ligado');
    expect(within(dialog).getByText('nome')).toBeInTheDocument();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Desligado' }));
    await apply();
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({ lgpd: { ...lgpd, mask: 'off' }, retention_days: 90 }),
    );
  });
});
