import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { openEditorRoutes, savedFlow, triggerAndLog } from './editor-test-fixtures';
import { FlowEditorPage } from './flow-editor-page';

const flow = savedFlow(triggerAndLog({ triggerLabel: 'Início do pedido' }));

async function setup() {
  mockFetch(openEditorRoutes(flow));
  const view = renderWithProviders(<FlowEditorPage />, {
    path: '/flows/f1',
    pattern: '/flows/:id',
  });
  // The library has loaded once the palette lists it.
  await waitFor(() => expect(paletteItem('core_log')).not.toBeNull(), { timeout: 5000 });
  return view;
}

const paletteItem = (type: string) =>
  document.querySelector<HTMLElement>(`[data-node-type="${type}"]`);

/** Where React Flow draws each node card (its top-left corner on the graph). */
function drawnPositions(): Map<string, { x: number; y: number }> {
  const positions = new Map<string, { x: number; y: number }>();
  for (const card of document.querySelectorAll<HTMLElement>('.react-flow__node')) {
    const match = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(card.style.transform);
    if (match) positions.set(card.dataset.id!, { x: Number(match[1]), y: Number(match[2]) });
  }
  return positions;
}

describe('the flow editor canvas', () => {
  it('adds clicked connectors left to right, never one over another', async () => {
    const { user } = await setup();
    const logItem = paletteItem('core_log')!;
    const added: string[] = [];
    for (let click = 0; click < 3; click += 1) {
      const before = new Set(drawnPositions().keys());
      await user.click(logItem);
      const uid = [...drawnPositions().keys()].find((id) => !before.has(id));
      expect(uid).toBeDefined();
      added.push(uid!);
    }
    const positions = drawnPositions();
    const xs = added.map((uid) => positions.get(uid)!.x);
    expect(xs[1]!).toBeGreaterThan(xs[0]!);
    expect(xs[2]!).toBeGreaterThan(xs[1]!);
    const all = [...positions.values()];
    for (const [index, a] of all.entries()) {
      for (const b of all.slice(index + 1)) {
        const overlapping = Math.abs(a.x - b.x) < 200 && Math.abs(a.y - b.y) < 56;
        expect(overlapping, `${JSON.stringify(a)} e ${JSON.stringify(b)}`).toBe(false);
      }
    }
  });

  it('shows the library name of an unnamed node once, and both names of a named one', async () => {
    await setup();
    const unnamed = await screen.findByTestId('node-log-1');
    expect(within(unnamed).getAllByText('Log')).toHaveLength(1);
    const named = screen.getByTestId('node-trigger');
    expect(within(named).getByText('Início do pedido')).toBeInTheDocument();
    expect(within(named).getByText('Manual Trigger')).toBeInTheDocument();
  });

  it('heads the palette groups in Portuguese', async () => {
    await setup();
    const palette = await screen.findByLabelText('Conectores');
    expect(await within(palette).findByRole('button', { name: 'Gatilhos (1)' })).toBeVisible();
    expect(within(palette).getByRole('button', { name: 'Ações (1)' })).toBeVisible();
    expect(within(palette).queryByText(/triggers|actions/i)).toBeNull();
  });
});
