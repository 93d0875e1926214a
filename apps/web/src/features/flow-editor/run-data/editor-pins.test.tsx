import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Flow } from '@ponte/shared/flows.schema';
import type * as CanvasModule from '../canvas/flow-canvas';
import type { FlowCanvas } from '../canvas/flow-canvas';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { FlowEditorPage } from '../flow-editor-page';
import { editorRoutes, webhookFlow } from './run-data-test-fixtures';

type CanvasProps = Parameters<typeof FlowCanvas>[0];
const canvas = vi.hoisted(() => ({ props: null as unknown }));
const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);

vi.mock('../node-panel/node-panel', async () => {
  const { StubNodePanel } = await import('./run-data-test-fixtures');
  return { NodePanel: StubNodePanel };
});
vi.mock('../canvas/flow-canvas', async (importOriginal) => {
  const real = await importOriginal<typeof CanvasModule>();
  return {
    ...real,
    FlowCanvas: (props: CanvasProps) => {
      canvas.props = props;
      return <real.FlowCanvas {...props} />;
    },
  };
});
vi.mock('../../../lib/download-text', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
  downloadBlob: vi.fn(),
}));

const canvasProps = () => canvas.props as CanvasProps;
const pinned = () => [...(canvasProps().pinned ?? [])];
const item = { output: 'default', msg: { payload: { fixado: 1 } } };

async function setup(pins?: Parameters<typeof webhookFlow>[0]) {
  const api = mockFetch(editorRoutes(webhookFlow(pins)));
  const view = renderWithProviders(<FlowEditorPage />, {
    path: '/flows/f1',
    pattern: '/flows/:id',
  });
  await waitFor(() => expect(canvas.props).not.toBeNull());
  await waitFor(() => expect(canvasProps().lookup('core_code')).toBeDefined(), { timeout: 5000 });
  return { api, ...view };
}

async function open(uid: string) {
  fireEvent.click(await screen.findByTestId(`node-${uid}`));
  await waitFor(() => expect(screen.getByTestId('panel-node')).toHaveTextContent(uid));
}

describe('pinned data in the editor', { timeout: 90_000 }, () => {
  it('pins and unpins as undoable edits that make the flow unsaved', async () => {
    const { user } = await setup();
    await open('code');
    const unsaved = 'Existem alterações não salvas no fluxo';
    expect(screen.queryByText(unsaved)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fixar saída' }));
    await waitFor(() => expect(pinned()).toEqual(['code']));
    expect(screen.getByTestId('panel-pins')).toHaveTextContent(JSON.stringify([item]));
    expect(screen.getByText(unsaved)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(pinned()).toEqual([]));
    await user.click(screen.getByRole('button', { name: 'Refazer' }));
    await waitFor(() => expect(pinned()).toEqual(['code']));
    await user.click(screen.getByRole('button', { name: 'Remover fixação' }));
    await waitFor(() => expect(pinned()).toEqual([]));
    expect(screen.getByTestId('panel-pins')).toHaveTextContent('null');
  });

  it('names the pinned nodes when saving, and saves the pins with the flow', async () => {
    const { api, user } = await setup({ wh: [item] });
    await open('code');
    await user.click(screen.getByRole('button', { name: 'Fixar saída' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(
        'Fluxo salvo com sucesso. Dados fixados em: Webhook, Código — usados só nas execuções do editor.',
      ),
    ).toBeVisible();
    const body = api.callsTo('PUT', '/api/v1/flows/f1')[0]!.body as Flow;
    expect(body.data!.pins).toEqual({ wh: [item], code: [item] });
  });

  it('asks whether an export includes the pinned data, off by default', async () => {
    const { user } = await setup({ wh: [item] });
    const exportFile = async () => {
      await user.click(screen.getByRole('button', { name: 'Importar/Exportar' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Exportar para arquivo' }));
      return screen.findByRole('dialog', { name: 'Exportar para arquivo' });
    };
    let dialog = await exportFile();
    expect(within(dialog).getByText(/Dados fixados em: Webhook/)).toBeVisible();
    expect(
      within(dialog).getByRole('checkbox', { name: /Incluir dados fixados/ }),
    ).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(JSON.parse(downloads[0]!.text).data).not.toHaveProperty('pins');

    dialog = await exportFile();
    await user.click(within(dialog).getByRole('checkbox', { name: /Incluir dados fixados/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(JSON.parse(downloads[1]!.text).data.pins).toEqual({ wh: [item] });
  });
});
