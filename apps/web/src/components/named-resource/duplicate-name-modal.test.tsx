import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { DuplicateNameModal } from './duplicate-name-modal';

function renderModal(mutateAsync: (input: { id: string; name: string }) => Promise<unknown>) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <DuplicateNameModal
      item={{ _id: 't1', name: 'Clientes' }}
      duplicate={{ mutateAsync, isPending: false }}
      title="Duplicar tabela"
      nameLabel="Nome da nova tabela"
      nameRequired="Informe o nome."
      done="Duplicada!"
      onClose={onClose}
    />,
  );
  return { ...view, onClose };
}

describe('DuplicateNameModal', () => {
  it("offers '{name} (cópia)' and sends the name typed, trimmed", async () => {
    const mutateAsync = vi.fn().mockResolvedValue({});
    const { user, onClose } = renderModal(mutateAsync);
    const field = await screen.findByRole('textbox', { name: 'Nome da nova tabela' });
    expect(field).toHaveValue('Clientes (cópia)');
    await user.clear(field);
    await user.type(field, '  Clientes 2026 ');
    await user.click(screen.getByRole('button', { name: 'Duplicar' }));
    expect(await screen.findByText('Duplicada!')).toBeInTheDocument();
    expect(mutateAsync).toHaveBeenCalledWith({ id: 't1', name: 'Clientes 2026' });
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses an empty name on the field and sends nothing', async () => {
    const mutateAsync = vi.fn();
    const { user, onClose } = renderModal(mutateAsync);
    await user.clear(await screen.findByRole('textbox', { name: 'Nome da nova tabela' }));
    await user.click(screen.getByRole('button', { name: 'Duplicar' }));
    expect(await screen.findByText('Informe o nome.')).toBeInTheDocument();
    expect(mutateAsync).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
