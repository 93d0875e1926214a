import { describe, expect, it } from 'vitest';
import { MultiSelect, Select } from '@mantine/core';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';

const data = ['Saudação', 'Saudade', 'Logística'];

describe('the app theme', () => {
  it('makes every searchable select offer its options case and accents aside', async () => {
    const { user } = renderWithProviders(
      <>
        <Select label="Fila" searchable data={data} />
        <MultiSelect label="Tabelas" searchable data={data} />
      </>,
    );
    await user.type(screen.getByRole('combobox', { name: 'Fila' }), 'saudacao');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Saudação']);
    await user.type(screen.getByRole('combobox', { name: 'Tabelas' }), 'LOGISTICA');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Logística']);
  });
});
