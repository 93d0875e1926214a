import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type * as EngineSocket from '../../../lib/engine/engine-socket';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { openEditorRoutes, savedFlow, triggerAndLog } from '../editor-test-fixtures';
import { FlowEditorPage } from '../flow-editor-page';
import { debugLogItem, debugMessage, fakeDebuggerSocket } from './fake-debugger-socket';

const sockets = vi.hoisted(() => ({
  current: null as ReturnType<typeof fakeDebuggerSocket> | null,
}));
vi.mock('../../../lib/engine/engine-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof EngineSocket>()),
  connectEngineSocket: () => {
    sockets.current = fakeDebuggerSocket();
    return sockets.current.socket;
  },
}));

const flow = savedFlow(triggerAndLog({ connected: true }));

const debugState = {
  success: true,
  active: true,
  current: null,
  waiting: false,
  is_breakpoint: false,
};

function setup(path = '/flows/f1', pattern = '/flows/:id') {
  sockets.current = null;
  const api = mockFetch([
    ...openEditorRoutes(flow),
    { method: 'POST', path: '/engine/flow/debugger/start-debug/f1', reply: { body: debugState } },
    { method: 'POST', path: '/engine/flow/debugger/stop-debug/f1', reply: { body: debugState } },
  ]);
  return {
    api,
    ...renderWithProviders(<FlowEditorPage />, { path, pattern, extraPaths: ['/flows'] }),
  };
}

describe('the debugger in the flow editor', () => {
  it('opens from the toolbar, remembers it, runs with debug and marks the paused node', async () => {
    const { api, user } = setup();
    const toggle = await screen.findByRole('button', { name: 'Debugger' });
    expect(screen.getByRole('button', { name: 'Executar com Debug' })).toBeDisabled();
    await user.click(toggle);
    expect(window.localStorage.getItem('debuggerOpen')).toBe('true');
    expect(screen.getByRole('region', { name: 'Live Debugger' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Executar com Debug' }));
    expect(await screen.findByRole('dialog', { name: 'Executar Flow' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/engine/flow/debugger/start-debug/f1')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Executar com Debug' })).toBeDisabled();

    sockets.current!.push(
      'debugger-f1',
      debugMessage({
        iteration_type: 'node',
        node_uid: 'log-1',
        node_type: 'core_log',
        waiting_next_step: true,
        log: debugLogItem(1, { node_uid: 'log-1' }),
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('node-log-1')).toHaveAttribute('data-highlighted'),
    );
    expect(screen.getByTestId('node-trigger')).not.toHaveAttribute('data-highlighted');

    // Debug Output names the connector as the library does, never by its type id.
    await user.click(screen.getByRole('tab', { name: /Debug Output/ }));
    const output = screen.getByRole('tabpanel', { name: /Debug Output/ });
    expect(within(output).getByText('Log')).toBeInTheDocument();
    expect(within(output).queryByText('core_log')).not.toBeInTheDocument();
  });

  it('closing the debugger during a session stops it', async () => {
    window.localStorage.setItem('debuggerOpen', 'true');
    const { api, user } = setup();
    await screen.findByRole('region', { name: 'Live Debugger' });
    sockets.current!.push(
      'debugger-f1',
      debugMessage({ iteration_type: 'event', event: 'debug-start' }),
    );
    await user.click(screen.getByRole('button', { name: 'Fechar o debugger' }));

    expect(screen.queryByRole('region', { name: 'Live Debugger' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('debuggerOpen')).toBe('false');
    await waitFor(() =>
      expect(api.callsTo('POST', '/engine/flow/debugger/stop-debug/f1')).toHaveLength(1),
    );
  });

  it('warns before leaving the page during a session', async () => {
    window.localStorage.setItem('debuggerOpen', 'true');
    const { router } = setup();
    await screen.findByRole('region', { name: 'Live Debugger' });
    sockets.current!.push(
      'debugger-f1',
      debugMessage({ iteration_type: 'event', event: 'debug-start' }),
    );
    await act(() => router.navigate('/flows'));
    expect(
      await screen.findByText('A sessão de debug será encerrada. Deseja sair mesmo assim?'),
    ).toBeInTheDocument();
  });

  it('cannot open the debugger of a flow that was never saved', async () => {
    window.localStorage.setItem('debuggerOpen', 'true');
    setup('/flows/new', '/flows/new');
    expect(await screen.findByRole('button', { name: 'Debugger' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Live Debugger' })).not.toBeInTheDocument();
    expect(sockets.current).toBeNull();
  });
});
