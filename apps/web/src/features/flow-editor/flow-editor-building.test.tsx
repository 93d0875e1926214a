import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as XyFlow from '@xyflow/react';
import type { FinalConnectionState, OnConnectEnd } from '@xyflow/react';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { Flow } from '@ponte/shared/flows.schema';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { savedFlow, testManifest } from './editor-test-fixtures';
import { FlowEditorPage } from './flow-editor-page';

// React Flow measures handles with the layout jsdom lacks, so a drag cannot run here: the test
// ends the connection through the handler React Flow calls when the pointer is released.
const canvasProps = vi.hoisted(() => ({ onConnectEnd: undefined as OnConnectEnd | undefined }));
vi.mock('@xyflow/react', async (importOriginal) => {
  const actual = await importOriginal<typeof XyFlow>();
  function ReactFlow(props: ComponentProps<typeof actual.ReactFlow>) {
    canvasProps.onConnectEnd = props.onConnectEnd;
    return <actual.ReactFlow {...props} />;
  }
  return { ...actual, ReactFlow };
});

/** Releases a connection dragged from `uid`'s `output` over `target` at a point of the screen. */
function releaseConnection(
  target: Element,
  uid: string,
  output: string,
  at: { x: number; y: number },
) {
  const connection = {
    isValid: false,
    fromNode: { id: uid },
    fromHandle: { id: output, nodeId: uid, type: 'source' },
    toHandle: null,
    toNode: null,
  } as unknown as FinalConnectionState;
  target.addEventListener(
    'mouseup',
    (event) => canvasProps.onConnectEnd!(event as MouseEvent, connection),
    { once: true },
  );
  act(() => {
    fireEvent.mouseUp(target, { clientX: at.x, clientY: at.y });
  });
}

/** Manual Trigger → Condição, whose 'Verdadeiro' goes to Log; 'Falso' and Log's output are free. */
const doc: FlowDocument = {
  version: 1,
  nodes: [
    {
      uid: 'trigger',
      type: 'core_manual_trigger',
      typeVersion: 1,
      position: { x: 0, y: 0 },
      params: {},
    },
    { uid: 'cond', type: 'core_condition', typeVersion: 1, position: { x: 300, y: 0 }, params: {} },
    { uid: 'log-1', type: 'core_log', typeVersion: 1, position: { x: 600, y: 0 }, params: {} },
  ],
  edges: [
    { id: 'trigger:default->cond', source: 'trigger', sourceOutput: 'default', target: 'cond' },
    { id: 'cond:true->log-1', source: 'cond', sourceOutput: 'true', target: 'log-1' },
  ],
};

function setup() {
  const flow = savedFlow(doc);
  const api = mockFetch([
    { method: 'GET', path: '/api/v1/flows/f1', reply: { body: flow } },
    { method: 'PUT', path: '/api/v1/flows/f1', reply: { body: flow } },
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
    {
      method: 'GET',
      path: '/engine/library',
      reply: {
        body: {
          nodes: [
            testManifest('core_manual_trigger', { category: 'trigger', label: 'Manual Trigger' }),
            testManifest('core_log', { label: 'Log' }),
            testManifest('core_condition', {
              category: 'flow_control',
              label: 'Condição',
              outputs: { true: { label: 'Verdadeiro' }, false: { label: 'Falso' } },
            }),
          ],
        },
      },
    },
    {
      method: 'GET',
      path: '/engine/flow/manual-trigger/f1',
      reply: { body: { success: true, form_fields: [], form_description: '' } },
    },
  ]);
  const view = renderWithProviders(<FlowEditorPage />, {
    path: '/flows/f1',
    pattern: '/flows/:id',
  });
  return { api, ...view };
}

const paletteItem = (type: string) =>
  document.querySelector<HTMLElement>(`[data-node-type="${type}"]`);
const plus = (uid: string, output: string) => screen.queryByTestId(`add-after-${uid}-${output}`);
const nodeUids = () =>
  [...document.querySelectorAll<HTMLElement>('.react-flow__node')].map((card) => card.dataset.id!);

async function loaded() {
  await waitFor(() => expect(paletteItem('core_log')).not.toBeNull(), { timeout: 5000 });
  await screen.findByTestId('node-log-1');
}

/** Saves and returns the document the server received. */
async function savedDocument(
  api: ReturnType<typeof setup>['api'],
  user: ReturnType<typeof setup>['user'],
): Promise<FlowDocument> {
  const before = api.callsTo('PUT', '/api/v1/flows/f1').length;
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
  await waitFor(() => expect(api.callsTo('PUT', '/api/v1/flows/f1')).toHaveLength(before + 1));
  return (api.callsTo('PUT', '/api/v1/flows/f1').at(-1)!.body as Flow).data!;
}

const newNode = (saved: FlowDocument) =>
  saved.nodes.find((node) => !doc.nodes.some((old) => old.uid === node.uid));

describe('building faster on the canvas', () => {
  it("draws a '+' only on free outputs; it adds after that output and connects", async () => {
    const { api, user } = setup();
    await loaded();
    expect(plus('trigger', 'default')).toBeNull();
    expect(plus('cond', 'true')).toBeNull();
    expect(plus('cond', 'error')).toBeNull();
    expect(plus('log-1', 'default')).not.toBeNull();
    const falso = plus('cond', 'false')!;
    expect(falso).toHaveAttribute(
      'aria-label',
      'Adicionar conector após "Condição" (saída "Falso")',
    );

    await user.click(falso);
    const banner = screen.getByTestId('palette-after');
    expect(banner).toHaveTextContent('Adicionar após "Condição"');
    // A trigger takes no input: the palette opened from an output does not offer it.
    expect(paletteItem('core_manual_trigger')).toBeNull();
    await user.click(paletteItem('core_log')!);

    expect(screen.queryByTestId('palette-after')).toBeNull();
    expect(paletteItem('core_manual_trigger')).not.toBeNull();
    await waitFor(() => expect(nodeUids()).toHaveLength(4));
    // The new node is selected: its panel is open.
    const panel = await screen.findByRole('complementary', { name: 'Configuração do conector' });
    expect(within(panel).getAllByText('Log').length).toBeGreaterThan(0);
    // 'Falso' is connected now: its '+' is gone; the new node's output is free.
    await waitFor(() => expect(plus('cond', 'false')).toBeNull());

    const saved = await savedDocument(api, user);
    const added = newNode(saved)!;
    expect(added.type).toBe('core_log');
    expect(saved.edges).toContainEqual({
      id: `cond:false->${added.uid}`,
      source: 'cond',
      sourceOutput: 'false',
      target: added.uid,
    });
    expect(saved.edges).toHaveLength(3);
    // To the right of the condition, below its level ('Falso' is its lower output), on no node.
    expect(added.position.x).toBeGreaterThan(300);
    expect(added.position.y).toBeGreaterThan(0);
    expect(plus(added.uid, 'default')).not.toBeNull();
  });

  it('connects a connector added from the palette after the selected node; one undo removes both', async () => {
    const { api, user } = setup();
    await loaded();
    fireEvent.click(screen.getByTestId('node-log-1'));
    await screen.findByRole('complementary', { name: 'Configuração do conector' });
    await user.click(paletteItem('core_log')!);
    await waitFor(() => expect(nodeUids()).toHaveLength(4));

    const saved = await savedDocument(api, user);
    const added = newNode(saved)!;
    expect(saved.edges).toContainEqual({
      id: `log-1:default->${added.uid}`,
      source: 'log-1',
      sourceOutput: 'default',
      target: added.uid,
    });
    expect(added.position.x).toBeGreaterThan(600);

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(nodeUids()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeDisabled();
    expect(await savedDocument(api, user)).toEqual(doc);
  });

  it('Esc or closing the palette opened from an output changes nothing', async () => {
    const { api, user } = setup();
    await loaded();
    await user.click(plus('log-1', 'default')!);
    expect(screen.getByTestId('palette-after')).toHaveTextContent('Adicionar após "Log"');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('palette-after')).toBeNull();

    await user.click(plus('log-1', 'default')!);
    await user.click(
      within(screen.getByTestId('palette-after')).getByRole('button', { name: 'Cancelar' }),
    );
    expect(screen.queryByTestId('palette-after')).toBeNull();
    expect(nodeUids()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeDisabled();

    // The palette is back to normal: a click adds a node that follows nothing.
    await user.click(paletteItem('core_log')!);
    await waitFor(() => expect(nodeUids()).toHaveLength(4));
    const saved = await savedDocument(api, user);
    expect(saved.edges).toEqual(doc.edges);
  });

  it('a connection dropped on the empty canvas opens the palette and connects what is chosen there', async () => {
    const { api, user } = setup();
    await loaded();
    // Dropped on a node: nothing opens (React Flow connects it when it lands on an input).
    releaseConnection(screen.getByTestId('node-cond'), 'log-1', 'default', { x: 10, y: 10 });
    expect(screen.queryByTestId('palette-after')).toBeNull();

    releaseConnection(document.querySelector('.react-flow__pane')!, 'log-1', 'default', {
      x: 1000,
      y: 300,
    });
    expect(screen.getByTestId('palette-after')).toHaveTextContent('Adicionar após "Log"');
    expect(paletteItem('core_manual_trigger')).toBeNull();
    await user.click(paletteItem('core_log')!);
    await waitFor(() => expect(nodeUids()).toHaveLength(4));

    const saved = await savedDocument(api, user);
    const added = newNode(saved)!;
    expect(saved.edges).toContainEqual({
      id: `log-1:default->${added.uid}`,
      source: 'log-1',
      sourceOutput: 'default',
      target: added.uid,
    });
    // Placed where the drag ended: its input (the middle of its left side) at that point.
    const viewport = document.querySelector<HTMLElement>('.react-flow__viewport')!;
    const [, tx, ty, zoom] = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)\s*scale\(([\d.]+)\)/
      .exec(viewport.style.transform)!
      .map(Number);
    expect(added.position).toEqual({
      x: Math.round((1000 - tx!) / zoom!),
      y: Math.round((300 - ty!) / zoom! - 28),
    });
  });

  it("on a phone a tap on the '+' opens the drawer; closing it cancels, a choice connects", async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query === '(max-width: 68em)' || query === '(max-width: 48em)',
    }));
    const { api, user } = setup();
    await screen.findByTestId('node-log-1');
    const tap = async (element: Element) => user.pointer({ keys: '[TouchA]', target: element });

    await tap(await screen.findByTestId('add-after-log-1-default'));
    const drawer = await screen.findByRole('dialog', { name: 'Conectores' });
    expect(within(drawer).getByTestId('palette-after')).toHaveTextContent('Adicionar após "Log"');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conectores' })).toBeNull());
    expect(screen.queryByTestId('palette-after')).toBeNull();
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeDisabled();

    await tap(screen.getByTestId('add-after-log-1-default'));
    const again = await screen.findByRole('dialog', { name: 'Conectores' });
    await tap(within(again).getByText('Log'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conectores' })).toBeNull());
    await waitFor(() => expect(nodeUids()).toHaveLength(4));
    const saved = await savedDocument(api, user);
    const added = newNode(saved)!;
    expect(saved.edges).toContainEqual(
      expect.objectContaining({ source: 'log-1', sourceOutput: 'default', target: added.uid }),
    );
  });
});
