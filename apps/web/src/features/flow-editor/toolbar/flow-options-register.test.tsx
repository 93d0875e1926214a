import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FlowConfigValues } from '@ponte/shared/flows.schema';
import { renderWithProviders } from '../../../test/render';
import { FlowOptionsModal } from './flow-options-modal';

const base: FlowConfigValues = {
  rate_limit: 0,
  save_executions: 'default',
  continue_unawaited: true,
};

function open(config: FlowConfigValues) {
  const onApply = vi.fn();
  const view = renderWithProviders(
    <FlowOptionsModal opened config={config} onClose={vi.fn()} onApply={onApply} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Opções do Flow' });
  const apply = () => view.user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
  return { ...view, dialog, onApply, apply };
}

describe("'Opções do Flow' → 'Registro de tratamento (LGPD)'", () => {
  it('fills the entry and applies it, keeping the masking and the other options as they were', async () => {
    const { dialog, user, onApply, apply } = open({
      ...base,
      retention_days: 90,
      lgpd: {
        mask: 'on',
        mask_paths: ['payload.cliente.nome'],
        purpose: '',
        legal_basis: null,
        data_categories: [],
        retention_note: '',
      },
    });
    expect(dialog).toHaveTextContent('Registro de tratamento (LGPD)');
    await user.click(within(dialog).getByLabelText(/^Finalidade/));
    await user.paste('  Enviar a nota fiscal.  ');

    await user.click(within(dialog).getByRole('combobox', { name: /^Base legal/ }));
    expect(await screen.findAllByRole('option')).toHaveLength(10);
    await user.click(
      screen.getByRole('option', {
        name: 'Execução de contrato ou de procedimentos preliminares a ele (art. 7º, V)',
      }),
    );

    await user.click(within(dialog).getByRole('combobox', { name: /^Categorias de dados/ }));
    await user.click(await screen.findByRole('option', { name: 'Saúde (sensível)' }));
    await user.click(screen.getByRole('option', { name: 'Contato (e-mail, telefone, endereço)' }));
    expect(dialog).toHaveTextContent(
      'Dados sensíveis só podem ser tratados nas hipóteses do art. 11',
    );

    await user.click(within(dialog).getByLabelText(/^Prazo de guarda/));
    await user.paste('5 anos após o fim do contrato');
    await apply();
    expect(onApply).toHaveBeenCalledWith({
      ...base,
      retention_days: 90,
      lgpd: {
        mask: 'on',
        mask_paths: ['payload.cliente.nome'],
        purpose: 'Enviar a nota fiscal.',
        legal_basis: 'contract',
        // In the list's order, whatever the order of the clicks.
        data_categories: ['contact', 'health'],
        retention_note: '5 anos após o fim do contrato',
      },
    });
  });

  it('shows a stored entry, and clearing it keeps the masking', async () => {
    const { dialog, user, onApply, apply } = open({
      ...base,
      lgpd: {
        mask: 'off',
        mask_paths: ['itens.*.cpf'],
        purpose: 'Cobrança',
        legal_basis: 'credit_protection',
        data_categories: ['financial'],
        retention_note: '10 anos',
      },
    });
    expect(within(dialog).getByLabelText(/^Finalidade/)).toHaveValue('Cobrança');
    expect(within(dialog).getByRole('combobox', { name: /^Base legal/ })).toHaveValue(
      'Proteção do crédito (art. 7º, X)',
    );
    expect(dialog).toHaveTextContent('Financeiros (conta, cartão, pagamentos)');
    expect(within(dialog).getByLabelText(/^Prazo de guarda/)).toHaveValue('10 anos');

    await user.clear(within(dialog).getByLabelText(/^Finalidade/));
    await user.clear(within(dialog).getByLabelText(/^Prazo de guarda/));
    // Choosing the chosen basis again leaves none; Backspace takes the last category out.
    await user.click(within(dialog).getByRole('combobox', { name: /^Base legal/ }));
    await user.click(
      await screen.findByRole('option', { name: 'Proteção do crédito (art. 7º, X)' }),
    );
    await user.click(within(dialog).getByRole('combobox', { name: /^Categorias de dados/ }));
    await user.keyboard('{Backspace}');
    await apply();
    expect(onApply).toHaveBeenCalledWith({
      ...base,
      lgpd: {
        mask: 'off',
        mask_paths: ['itens.*.cpf'],
        purpose: '',
        legal_basis: null,
        data_categories: [],
        retention_note: '',
      },
    });
  });

  it('adds no LGPD options to a flow that has none when the entry stays empty', async () => {
    const { onApply, apply } = open(base);
    await apply();
    expect(onApply).toHaveBeenCalledWith(base);
  });
});
