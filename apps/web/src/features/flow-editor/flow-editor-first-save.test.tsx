import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { Flow } from '@ponte/shared/flows.schema';
import { mockFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { openEditorRoutes, savedFlow, triggerAndLog } from './editor-test-fixtures';
import { FlowEditorPage } from './flow-editor-page';

const paletteItem = (type: string) =>
  document.querySelector<HTMLElement>(`[data-node-type="${type}"]`);

/**
 * The first save of a new flow moves the page from /flows/new to the flow's address. The editor
 * the person works in goes on there with its undo history: it is not mounted again (when it was,
 * a dialog opened by a click during the move vanished with the editor being left).
 */
describe('the first save of a new flow', () => {
  it('keeps the same editor at the new address, with its undo history', async () => {
    const created: Flow = savedFlow(triggerAndLog(), { _id: 'f1', name: 'Boas-vindas' });
    const api = mockFetch([
      ...openEditorRoutes(created),
      { method: 'POST', path: '/api/v1/flows', reply: { status: 201, body: created } },
    ]);
    const { router, user } = renderRoutes(
      [
        { path: '/flows/new', element: <FlowEditorPage /> },
        { path: '/flows/:id', element: <FlowEditorPage /> },
      ],
      '/flows/new',
    );
    await waitFor(() => expect(paletteItem('core_log')).not.toBeNull(), { timeout: 5000 });
    await user.click(paletteItem('core_log')!);
    await waitFor(() => expect(document.querySelectorAll('.react-flow__node')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeEnabled();
    await user.type(screen.getByLabelText('Nome do flow'), 'Boas-vindas');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows/f1'));

    expect(api.callsTo('POST', '/api/v1/flows')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeEnabled();
    expect(router.state.location.search).toBe('?fromNew=true');

    // Another visit to /flows/new starts an empty editor, not the flow just created.
    await act(() => router.navigate('/flows/new'));
    await waitFor(() => expect(screen.getByLabelText('Nome do flow')).toHaveValue(''));
    expect(document.querySelectorAll('.react-flow__node')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeDisabled();
  });
});
