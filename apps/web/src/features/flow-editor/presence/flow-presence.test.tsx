import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FlowEditor, FlowEditorsEvent } from '@ponte/shared/live.schema';
import type * as EngineSocket from '../../../lib/engine/engine-socket';
import { userStore } from '../../../lib/session/session-store';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { testUser } from '../../../test/session-fixtures';
import { fakeDebuggerSocket } from '../debugger/fake-debugger-socket';
import { openEditorRoutes, savedFlow, triggerAndLog } from '../editor-test-fixtures';
import { FlowEditorPage } from '../flow-editor-page';

const sockets = vi.hoisted(() => ({
  all: [] as ReturnType<typeof fakeDebuggerSocket>[],
}));
vi.mock('../../../lib/engine/engine-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof EngineSocket>()),
  connectEngineSocket: () => {
    // The editors room answers this tab's own editor id.
    const socket = fakeDebuggerSocket({
      joinAnswer: (room) =>
        room === 'flow-editors-f1' ? { ok: true, editor_id: 'eu' } : { ok: true },
    });
    sockets.all.push(socket);
    return socket.socket;
  },
}));

/** The socket that joined the flow's editors room. */
const editorsSocket = () =>
  sockets.all.find((socket) =>
    socket.emitted.some((e) => e.event === 'join' && e.args[0] === 'flow-editors-f1'),
  );

const editor = (id: string, name: string, userId: string, dirty = false): FlowEditor => ({
  editor_id: id,
  user_id: userId,
  name,
  dirty,
  since: '2026-03-01T12:00:00.000Z',
});
const me = editor('eu', testUser.name, testUser._id);
const bia = (dirty = false) => editor('bia', 'Beatriz Souza', 'u2', dirty);

async function setup() {
  sockets.all = [];
  userStore.set(testUser);
  const flow = savedFlow(triggerAndLog({ connected: true }));
  mockFetch([
    { method: 'PUT', path: '/api/v1/flows/f1', reply: { body: flow } },
    ...openEditorRoutes(flow),
  ]);
  const view = renderWithProviders(<FlowEditorPage />, {
    path: '/flows/f1',
    pattern: '/flows/:id',
  });
  await screen.findByTestId('node-log-1');
  await waitFor(() => expect(editorsSocket()).toBeDefined());
  const live = editorsSocket()!;
  const list = (...editors: FlowEditor[]) =>
    live.push('flow-editors', { flow_id: 'f1', editors } satisfies FlowEditorsEvent);
  /** What this editor told the room about its unsaved changes, in order. */
  const told = () => live.emitted.filter((e) => e.event === 'editor-state').map((e) => e.args[0]);
  return { ...view, list, told };
}

const avatars = () => screen.queryByRole('group', { name: 'Quem mais está com este flow aberto' });
const warningText =
  'Beatriz Souza tem alterações não salvas neste flow. Quem salvar por último verá as alterações da outra pessoa antes de confirmar.';

describe('who else has the flow open', () => {
  it('shows the other people and my other tab as avatars, never this tab', async () => {
    const { list, user } = await setup();
    list(me);
    expect(avatars()).not.toBeInTheDocument();

    list(me, bia(), editor('eu-2', testUser.name, testUser._id, true));
    const group = avatars()!;
    const beatriz = within(group).getByRole('img', {
      name: 'Beatriz Souza está com este flow aberto',
    });
    expect(beatriz).toHaveTextContent('BS');
    const mine = within(group).getByRole('img', {
      name: 'Você (outra aba) tem alterações não salvas',
    });
    expect(mine).toHaveTextContent('AS');
    expect(within(group).getAllByRole('img')).toHaveLength(2);
    await user.hover(beatriz);
    expect(await screen.findByText('Beatriz Souza está com este flow aberto')).toBeVisible();

    list(me, bia(true));
    expect(
      within(avatars()!).getByRole('img', { name: 'Beatriz Souza tem alterações não salvas' }),
    ).toBeInTheDocument();
    list(me);
    expect(avatars()).not.toBeInTheDocument();
  });

  it('warns once, at my first change, when someone else has unsaved changes', async () => {
    const { list, told, user } = await setup();
    list(me, bia(true));
    const name = screen.getByLabelText('Nome do flow');
    await user.type(name, ' novos');
    expect(await screen.findByText(warningText)).toBeVisible();
    // The room hears once that this editor has unsaved changes.
    await waitFor(() => expect(told()).toEqual([{ flow_id: 'f1', dirty: true }]));

    // Saved, then changed again: the same person's changes are not told twice.
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(told()).toHaveLength(2));
    expect(told()[1]).toEqual({ flow_id: 'f1', dirty: false });
    await user.type(name, '!');
    await waitFor(() => expect(told()).toHaveLength(3));
    expect(screen.getAllByText(warningText)).toHaveLength(1);
  });

  it('does not warn when the others have nothing unsaved', async () => {
    const { list, told, user } = await setup();
    list(me, bia(false));
    await user.type(screen.getByLabelText('Nome do flow'), ' novos');
    await waitFor(() => expect(told()).toEqual([{ flow_id: 'f1', dirty: true }]));
    expect(screen.queryByText(/alterações não salvas neste flow/)).not.toBeInTheDocument();
  });
});
