import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { RowActionIcons } from './row-action-icons';

describe('RowActionIcons', () => {
  it('makes a route a link, a page of its own a new tab and a handler a button', async () => {
    const onDuplicate = vi.fn();
    const { user } = renderWithProviders(
      <RowActionIcons
        actions={[
          { label: 'Editar', icon: '✎', to: '/forms/edit/f1' },
          { label: 'Visualizar', icon: '↗', href: 'http://motor/forms/f1' },
          null,
          { label: 'Duplicar', icon: '⧉', onClick: onDuplicate },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/forms/edit/f1');
    const view = screen.getByRole('link', { name: 'Visualizar' });
    expect(view).toHaveAttribute('href', 'http://motor/forms/f1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Duplicar' }));
    expect(onDuplicate).toHaveBeenCalledTimes(1);
  });

  it('shows the label as a tooltip when pointed at', async () => {
    const { user } = renderWithProviders(
      <RowActionIcons actions={[{ label: 'Remover', icon: '×', color: 'red', to: '/x' }]} />,
    );
    await user.hover(screen.getByRole('link', { name: 'Remover' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Remover');
  });
});
