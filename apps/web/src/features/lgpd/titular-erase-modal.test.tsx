import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { titularPlaces, type TitularSearchResult } from '@ponte/shared/lgpd/titular.schema';
import { renderWithProviders } from '../../test/render';
import { TitularEraseModal } from './titular-erase-modal';

const result: TitularSearchResult = {
  request_id: 'r1',
  kind: 'CPF',
  value_masked: '***.982.247-**',
  total: 2,
  places: titularPlaces.map((place) => ({
    place,
    found: place === 'executions' || place === 'logs' ? 1 : 0,
    masked: place === 'executions' ? 1 : 0,
    items: [],
    truncated: false,
  })),
};

describe("'Excluir os dados deste titular'", () => {
  it('names each place with its count and what is done there, the quoted word never split', () => {
    renderWithProviders(
      <TitularEraseModal result={result} loading={false} onConfirm={vi.fn()} onCancel={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Excluir os dados deste titular' });
    const [executions, logs, ...others] = within(dialog).getAllByRole('listitem');
    expect(others).toEqual([]);
    expect(executions).toHaveTextContent(
      'Execuções: 1 ocorrência (1 como rastro mascarado) — mensagem de gatilho e erro anonimizados (cada ocorrência vira "[removido]")',
    );
    // On a phone the line broke after the opening quote, leaving it alone at the line's end.
    expect(within(executions!).getByText('"[removido]")')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(logs).toHaveTextContent(
      'Logs: 1 ocorrência — linhas de log anonimizadas (cada ocorrência vira "[removido]")',
    );
    expect(within(dialog).getByRole('button', { name: 'Excluir 2 ocorrências' })).toBeEnabled();
    expect(within(dialog).queryByText(/com tudo o que houver nela/)).toBeNull();
  });

  it('names the folders that go with everything in them, not those of a masked trace', () => {
    const folder = (path: string, masked: boolean) => ({
      id: path,
      path,
      masked,
      at: null,
      fields: ['name'],
      is_folder: true,
    });
    const withFolders: TitularSearchResult = {
      ...result,
      places: result.places.map((place) =>
        place.place === 'storage'
          ? {
              ...place,
              found: 2,
              masked: 1,
              items: [folder('/titulares/52998224725', false), folder('/***.982.247-**', true)],
            }
          : place,
      ),
    };
    renderWithProviders(
      <TitularEraseModal
        result={withFolders}
        loading={false}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Excluir os dados deste titular' });
    expect(
      within(dialog).getByText(
        'A pasta /titulares/52998224725 será excluída com tudo o que houver nela.',
      ),
    ).toBeInTheDocument();
  });
});
