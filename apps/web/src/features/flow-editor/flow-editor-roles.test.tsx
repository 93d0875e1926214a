import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Flow } from '@ponte/shared/flows.schema';
import { mockFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { storeTestSession, testWorkspace } from '../../test/session-fixtures';
import { openEditorRoutes, savedFlow, triggerAndLog } from './editor-test-fixtures';
import { FlowEditorPage } from './flow-editor-page';

/** Roles in the editor (docs/adr/0106): who cannot edit flows sees no 'Salvar', and why. */
describe('the flow editor by role', () => {
  const flow: Flow = savedFlow(triggerAndLog(), { _id: 'f1', name: 'Pedidos' });
  const open = () => {
    mockFetch(openEditorRoutes(flow));
    return renderRoutes([{ path: '/flows/:id', element: <FlowEditorPage /> }], '/flows/f1');
  };

  it("shows an Operador the flow read-only: no 'Salvar', 'Ativo' locked, the reason at hand", async () => {
    storeTestSession({ workspace: { ...testWorkspace, role: 'operator' } });
    const { user } = open();
    await waitFor(() => expect(screen.getByLabelText('Nome do flow')).toHaveValue('Pedidos'));
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Ativo' })).toBeDisabled();
    await user.hover(screen.getByText('Somente leitura'));
    expect(
      await screen.findByText('Seu papel (Operador) não permite editar flows.'),
    ).toBeInTheDocument();
    // No palette, and an edit (the name, a deleted node) changes nothing, so nothing is unsaved.
    expect(document.querySelector('[data-node-type]')).toBeNull();
    await user.type(screen.getByLabelText('Nome do flow'), ' novo');
    expect(screen.getByLabelText('Nome do flow')).toHaveValue('Pedidos');
    fireEvent.click(document.querySelector<HTMLElement>('.react-flow__node')!);
    const panel = await screen.findByRole('complementary', { name: 'Configuração do conector' });
    await user.keyboard('{Delete}');
    expect(document.querySelectorAll('.react-flow__node')).toHaveLength(2);
    expect(panel).toBeInTheDocument();
    // Importing would replace the document: offered disabled, with the reason in the menu.
    await user.click(screen.getByRole('button', { name: 'Importar/Exportar' }));
    expect(await screen.findByRole('menuitem', { name: 'Importar de arquivo' })).toBeDisabled();
    expect(
      screen.getByRole('menuitem', { name: 'Importar da galeria de templates' }),
    ).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: 'Exportar para arquivo' })).toBeEnabled();
    expect(screen.getByRole('menu')).toHaveTextContent(
      'Seu papel (Operador) não permite editar flows.',
    );
  });

  it("gives an Editor 'Salvar'", async () => {
    storeTestSession({ workspace: { ...testWorkspace, role: 'editor' } });
    open();
    await waitFor(() => expect(screen.getByLabelText('Nome do flow')).toHaveValue('Pedidos'));
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    expect(screen.queryByText('Somente leitura')).not.toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-node-type]')).not.toBeNull());
  });
});
