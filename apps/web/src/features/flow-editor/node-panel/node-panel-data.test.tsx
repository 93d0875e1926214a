import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { mockFetch } from '../../../test/mock-fetch';
import { stubScreen } from '../../../test/media-query';
import { renderWithProviders } from '../../../test/render';
import type { NodePanelData, NodePanelRunActions } from '../run-data/run-data-types';
import { NodePanel } from './node-panel';
import { everyKindManifest, makeNode } from './node-panel.fixtures';

vi.mock('../code-editor/monaco-editor', () => import('../code-editor/monaco-editor.mock'));

const runData: NodePanelData = {
  summary: {
    node_uid: 'http_1',
    status: 'success',
    runs: 1,
    items: 1,
    outputs: { default: 1 },
    duration_ms: 12,
  },
  runs: [
    {
      input: { payload: { pedido: 'entrada-42' } },
      outputs: [{ output: 'default', msg: { payload: { status: 'saída-ok' } } }],
      duration_ms: 12,
    },
  ],
  loading: false,
};

/** Screens at least this wide match the panel's wide query. */
const screenWidth = (width: number) =>
  stubScreen((query) => /min-width: 75em/.test(query) && width >= 1200);

function setup(
  props: { runData?: NodePanelData; runActions?: NodePanelRunActions; readOnly?: boolean } = {},
) {
  mockFetch([]);
  const onChange = vi.fn<(next: FlowNode) => void>();
  const view = renderWithProviders(
    <NodePanel
      node={makeNode({ params: { url: 'https://api.exemplo.com.br' } })}
      manifest={everyKindManifest}
      issues={[]}
      onChange={onChange}
      onClose={() => {}}
      {...props}
    />,
  );
  return { ...view, onChange };
}

describe('NodePanel with run data', () => {
  it('looks as before when it has neither data nor actions', () => {
    setup();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Executar até aqui' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeEnabled();
  });

  it('on a narrow screen shows Parâmetros, Entrada and Saída as tabs', async () => {
    screenWidth(390);
    const { user } = setup({ runData });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Parâmetros', 'Entrada', 'Saída']);
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Entrada' }));
    expect(screen.getByText('entrada-42')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'URL' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Saída' }));
    expect(screen.getByText('saída-ok')).toBeInTheDocument();
  });

  it('on a wide screen shows the data beside the parameters, both at once', async () => {
    screenWidth(1440);
    const { user } = setup({ runData });
    expect(await screen.findByRole('tab', { name: 'Entrada' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Parâmetros' })).toBeNull();
    expect(screen.getByText('entrada-42')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Saída' }));
    expect(screen.getByText('saída-ok')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeInTheDocument();
  });

  it('runs to here and runs the node from its buttons', async () => {
    const onRunToHere = vi.fn();
    const onRunNode = vi.fn();
    const { user } = setup({ runData, runActions: { onRunToHere, onRunNode } });
    await user.click(screen.getByRole('button', { name: 'Executar até aqui' }));
    await user.click(screen.getByRole('button', { name: 'Executar este conector' }));
    expect(onRunToHere).toHaveBeenCalledOnce();
    expect(onRunNode).toHaveBeenCalledOnce();
  });

  it('disables the run buttons with the hint when they cannot run, and shows a loader while running', () => {
    const hint = 'Salve o flow para executá-lo no editor.';
    const view = setup({ runActions: { hint } });
    const toHere = screen.getByRole('button', { name: 'Executar até aqui' });
    expect(toHere).toBeDisabled();
    expect(toHere.parentElement).toHaveAttribute('title', hint);
    expect(screen.getByRole('button', { name: 'Executar este conector' })).toBeDisabled();
    // No run and no pins yet: the panel keeps its width, the canvas its room to build.
    expect(screen.queryByRole('tab', { name: 'Entrada' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeInTheDocument();
    view.unmount();

    setup({ runActions: { onRunToHere: vi.fn(), onRunNode: vi.fn(), running: true } });
    const running = screen.getByRole('button', { name: 'Executar até aqui' });
    expect(running).toHaveAttribute('data-loading');
    expect(running).toBeDisabled();
  });

  it('read-only: parameters shown but not editable, no run or pin actions', async () => {
    const { user, onChange } = setup({
      runData,
      readOnly: true,
      runActions: { onRunToHere: vi.fn(), onPin: vi.fn() },
    });
    const url = screen.getByRole('textbox', { name: 'URL' });
    expect(url).toHaveValue('https://api.exemplo.com.br');
    expect(url).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Nome do conector' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Breakpoint/ })).toBeDisabled();
    await user.type(url, 'x');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Executar até aqui' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Saída' }));
    const output = screen.getByText('saída-ok').closest('[role="tabpanel"]')!;
    expect(within(output as HTMLElement).queryByRole('button', { name: 'Fixar saída' })).toBeNull();
  });
});
