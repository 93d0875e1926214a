import { describe, expect, it } from 'vitest';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows the message, the description and the action', () => {
    renderWithProviders(
      <EmptyState
        title="Nenhuma variável criada ainda."
        description="Crie a primeira."
        action={<Button>Criar variável</Button>}
      />,
    );
    expect(screen.getByText('Nenhuma variável criada ainda.')).toBeInTheDocument();
    expect(screen.getByText('Crie a primeira.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar variável' })).toBeInTheDocument();
  });
});
