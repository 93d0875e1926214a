import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { FlowVariablesModal } from './flow-variables-modal';

function open(variables = [{ key: 'TOKEN', value: 'abc' }]) {
  const onApply = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <FlowVariablesModal opened variables={variables} onClose={onClose} onApply={onApply} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Variáveis' });
  return { ...view, dialog, onApply, onClose };
}

describe('FlowVariablesModal', () => {
  it('warns that flow variables override workspace and system ones', () => {
    const { dialog } = open();
    expect(dialog).toHaveTextContent(
      'As variáveis do flow podem sobrescrever variáveis do workspace ou do sistema com a mesma chave.',
    );
  });

  it('edits, adds and removes rows, then applies them without the blank ones', async () => {
    const { dialog, user, onApply } = open([
      { key: 'TOKEN', value: 'abc' },
      { key: 'VELHA', value: '1' },
    ]);
    expect(
      within(dialog)
        .getAllByLabelText('Chave')
        .map((input) => input.getAttribute('value')),
    ).toEqual(['TOKEN', 'VELHA']);

    await user.click(within(dialog).getAllByRole('button', { name: 'Remover variável' })[1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar variável' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar variável' }));
    const keys = within(dialog).getAllByLabelText('Chave');
    const values = within(dialog).getAllByLabelText('Valor');
    expect(keys).toHaveLength(3);
    await user.type(keys[1]!, '  URL ');
    await user.type(values[1]!, 'https://api.exemplo.com');
    await user.clear(values[0]!);
    await user.type(values[0]!, 'xyz');

    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith([
      { key: 'TOKEN', value: 'xyz' },
      { key: 'URL', value: 'https://api.exemplo.com' },
    ]);
  });

  it('refuses repeated and too long keys, and a value without key', async () => {
    const { dialog, user, onApply } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar variável' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar variável' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar variável' }));
    const keys = within(dialog).getAllByLabelText('Chave');
    const values = within(dialog).getAllByLabelText('Valor');
    await user.type(keys[1]!, 'TOKEN');
    await user.click(keys[2]!);
    await user.paste('K'.repeat(101));
    await user.type(values[3]!, 'sem chave');

    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(within(dialog).getAllByText('Chave repetida.')).toHaveLength(2);
    expect(within(dialog).getByText('A chave deve ter no máximo 100 caracteres.')).toBeVisible();
    expect(within(dialog).getByText('Informe a chave.')).toBeVisible();

    await user.click(within(dialog).getAllByRole('button', { name: 'Remover variável' })[3]!);
    await user.click(within(dialog).getAllByRole('button', { name: 'Remover variável' })[2]!);
    await user.clear(keys[1]!);
    await user.type(keys[1]!, 'OUTRA');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith([
      { key: 'TOKEN', value: 'abc' },
      { key: 'OUTRA', value: '' },
    ]);
  });

  it('Cancelar closes without applying', async () => {
    const { dialog, user, onApply, onClose } = open([]);
    expect(dialog).toHaveTextContent('Nenhuma variável neste flow.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onApply).not.toHaveBeenCalled();
  });
});
