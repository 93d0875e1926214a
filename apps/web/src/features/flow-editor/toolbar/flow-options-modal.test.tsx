import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import type { SaveExecutions } from '@ponte/shared/flows.schema';
import { FlowOptionsModal } from './flow-options-modal';

function open(rateLimit = 5, save: SaveExecutions = 'default', continueUnawaited = true) {
  const onApply = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <FlowOptionsModal
      opened
      config={{
        rate_limit: rateLimit,
        save_executions: save,
        continue_unawaited: continueUnawaited,
      }}
      onClose={onClose}
      onApply={onApply}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Opções do Flow' });
  const input = within(dialog).getByLabelText('Limite de execuções simultâneas');
  return { ...view, dialog, input, onApply, onClose };
}

describe('FlowOptionsModal', () => {
  it('shows the current limit and what 0 means', () => {
    const { dialog, input } = open(5);
    expect(input).toHaveValue('5');
    expect(dialog).toHaveTextContent('0 significa sem limite.');
  });

  it.each([
    ['', 0],
    ['-3', 0],
    ['2.7', 2],
    ['12', 12],
  ])('typing "%s" applies %i', async (typed, applied) => {
    const { dialog, input, user, onApply } = open(5);
    await user.clear(input);
    if (typed) await user.type(input, typed);
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({
      rate_limit: applied,
      save_executions: 'default',
      continue_unawaited: true,
    });
  });

  it('shows what is kept of the executions and applies the choice', async () => {
    const { dialog, user, onApply } = open(2, 'errors');
    const select = within(dialog).getByRole('combobox', { name: 'Dados das execuções' });
    expect(select).toHaveValue('Só erros e logs do usuário');
    expect(dialog).toHaveTextContent('Uma execução com Debug guarda sempre tudo.');
    await user.click(select);
    for (const option of ['Padrão da instância', 'Tudo', 'Só erros e logs do usuário']) {
      expect(await screen.findByRole('option', { name: option })).toBeInTheDocument();
    }
    await user.click(await screen.findByRole('option', { name: 'Só a execução' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({
      rate_limit: 2,
      save_executions: 'none',
      continue_unawaited: true,
    });
  });

  it('shows whether an execution nobody waits for goes on, and applies the choice', async () => {
    const { dialog, user, onApply } = open(0, 'default', true);
    // The label wraps the description: the name starts with the label.
    const option = within(dialog).getByRole('switch', {
      name: /^Continuar quando ninguém espera a resposta/,
    });
    expect(option).toBeChecked();
    expect(dialog).toHaveTextContent('o webhook respondeu 504 por tempo esgotado');
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({
      rate_limit: 0,
      save_executions: 'default',
      continue_unawaited: false,
    });
  });

  it('Cancelar closes without applying', async () => {
    const { dialog, user, onApply, onClose } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onApply).not.toHaveBeenCalled();
  });
});
