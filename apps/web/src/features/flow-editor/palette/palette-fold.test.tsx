import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../../test/mock-fetch';
import { stubScreen } from '../../../test/media-query';
import { renderWithProviders } from '../../../test/render';
import { openEditorRoutes, savedFlow, triggerAndLog } from '../editor-test-fixtures';
import { FlowEditorPage } from '../flow-editor-page';

vi.mock('../code-editor/monaco-editor', () => import('../code-editor/monaco-editor.mock'));

/** A 1440 px screen: the node panel's wide query matches, the editor's compact one does not. */
const desktopScreen = () => stubScreen((query) => /min-width: 75em/.test(query));

/** Manual Trigger → Log, the Log holding a pinned output: its panel shows data at once. */
function setup() {
  desktopScreen();
  const flow = savedFlow({
    ...triggerAndLog({ connected: true }),
    pins: { 'log-1': [{ output: 'default', msg: { payload: { pedido: 42 } } }] },
  });
  mockFetch(openEditorRoutes(flow));
  return renderWithProviders(<FlowEditorPage />, { path: '/flows/f1', pattern: '/flows/:id' });
}

const search = () => screen.queryByRole('textbox', { name: 'Buscar conectores' });
const rail = () => screen.queryByRole('button', { name: 'Mostrar conectores' });

describe('the palette beside the graph', () => {
  it('folds while the node panel shows its data, and comes back when the panel closes', async () => {
    const { user } = setup();
    await screen.findByTestId('node-log-1');
    expect(search()).not.toBeNull();

    fireEvent.click(screen.getByTestId('node-trigger'));
    await screen.findByRole('complementary', { name: 'Configuração do conector' });
    // A node without data keeps the narrow panel: the palette stays.
    expect(search()).not.toBeNull();

    fireEvent.click(screen.getByTestId('node-log-1'));
    await waitFor(() => expect(rail()).not.toBeNull());
    expect(search()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Fechar painel' }));
    await waitFor(() => expect(search()).not.toBeNull());
    expect(rail()).toBeNull();
  });

  it('folds and unfolds at the person’s hand, and stays as they left it', async () => {
    const { user } = setup();
    await screen.findByTestId('node-log-1');
    await user.click(screen.getByRole('button', { name: 'Recolher conectores' }));
    expect(search()).toBeNull();

    // Opened by hand while the data panel is open, it stays open when that panel closes.
    fireEvent.click(screen.getByTestId('node-log-1'));
    await screen.findByRole('complementary', { name: 'Configuração do conector' });
    await user.click(rail()!);
    expect(search()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fechar painel' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Configuração do conector' })).toBeNull(),
    );
    expect(search()).not.toBeNull();
  });
});
