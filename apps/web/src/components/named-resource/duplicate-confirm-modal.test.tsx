import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Button } from '@mantine/core';
import { ApiError } from '../../lib/api/api-error';
import { renderWithProviders } from '../../test/render';
import { useDuplicateConfirm } from './duplicate-confirm-modal';

function Page(props: { mutateAsync: (id: string) => Promise<unknown>; closeOnFailure?: boolean }) {
  const duplicate = useDuplicateConfirm(
    { mutateAsync: props.mutateAsync, isPending: false },
    'Duplicar regra',
    { duplicateConfirm: 'Deseja duplicar a regra?', duplicated: 'Regra duplicada!' },
    { closeOnFailure: props.closeOnFailure },
  );
  return (
    <>
      <Button onClick={() => duplicate.ask({ _id: 'r1' })}>Duplicar</Button>
      {duplicate.modal}
    </>
  );
}

describe('useDuplicateConfirm', () => {
  it('asks first, then duplicates the item asked for and says so', async () => {
    const mutateAsync = vi.fn().mockResolvedValue({});
    const { user } = renderWithProviders(<Page mutateAsync={mutateAsync} />);
    await user.click(screen.getByRole('button', { name: 'Duplicar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicar regra' });
    expect(dialog).toHaveTextContent('Deseja duplicar a regra?');
    expect(mutateAsync).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Regra duplicada!')).toBeInTheDocument();
    expect(mutateAsync).toHaveBeenCalledWith('r1');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Duplicar regra' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's text and stays open on a failure unless told to close", async () => {
    const failing = () => Promise.reject(new ApiError(400, 'Nome em uso.', 'name_taken'));
    const { user } = renderWithProviders(<Page mutateAsync={failing} />);
    await user.click(screen.getByRole('button', { name: 'Duplicar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Nome em uso.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Duplicar regra' })).toBeInTheDocument();
  });

  it('closes on a failure when told to (the flows list)', async () => {
    const failing = () => Promise.reject(new ApiError(400, 'Nome em uso.', 'name_taken'));
    const { user } = renderWithProviders(<Page mutateAsync={failing} closeOnFailure />);
    await user.click(screen.getByRole('button', { name: 'Duplicar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Nome em uso.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Duplicar regra' })).not.toBeInTheDocument(),
    );
  });
});
