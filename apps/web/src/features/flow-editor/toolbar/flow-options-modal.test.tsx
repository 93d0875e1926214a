import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { FlowOptionsModal } from './flow-options-modal';

function open(rateLimit = 5) {
  const onApply = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <FlowOptionsModal
      opened
      config={{ rate_limit: rateLimit }}
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
    expect(onApply).toHaveBeenCalledWith({ rate_limit: applied });
  });

  it('Cancelar closes without applying', async () => {
    const { dialog, user, onApply, onClose } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onApply).not.toHaveBeenCalled();
  });
});
