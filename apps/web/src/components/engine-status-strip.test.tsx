import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { loadingStore } from '../lib/loading/loading-store';
import { apiError, mockFetch } from '../test/mock-fetch';
import { renderWithProviders } from '../test/render';
import { EngineStatusStrip } from './engine-status-strip';

const online = {
  running: true,
  scheduled_jobs: 4,
  running_flows_count: 2,
  queues: { registered_queues: 3 },
};

describe('EngineStatusStrip', () => {
  it('shows Online with the counts, the queues link and the engine endpoint', async () => {
    mockFetch([{ method: 'GET', path: '/engine/status', reply: { body: online } }]);
    renderWithProviders(<EngineStatusStrip />);
    const strip = screen.getByRole('region', { name: 'Status da engine' });
    expect(await within(strip).findByText('Online')).toBeInTheDocument();
    expect(within(strip).getByText('Flows em execução:').textContent).toBe('Flows em execução: 2');
    expect(within(strip).getByText('Jobs agendados:').textContent).toBe('Jobs agendados: 4');
    const queues = within(strip).getByRole('link', { name: 'Filas internas: 3' });
    expect(queues).toHaveAttribute('href', '/queues');
    expect(within(strip).getByText(`${window.location.origin}/engine`)).toBeInTheDocument();
    expect(strip).toHaveTextContent(`Endereço da engine: ${window.location.origin}/engine`);
    expect(strip).not.toHaveTextContent('Endpoint');
  });

  it('shows Offline with zeros when the status call fails', async () => {
    const api = mockFetch([
      { method: 'GET', path: '/engine/status', reply: apiError(502, 'Engine indisponível.') },
    ]);
    renderWithProviders(<EngineStatusStrip />);
    await waitFor(() => expect(api.callsTo('GET', '/engine/status').length).toBeGreaterThan(0));
    const strip = screen.getByRole('region', { name: 'Status da engine' });
    await waitFor(() => expect(within(strip).getByText('Offline')).toBeInTheDocument());
    expect(within(strip).getByText('Flows em execução:').textContent).toBe('Flows em execução: 0');
    expect(within(strip).getByText('Jobs agendados:').textContent).toBe('Jobs agendados: 0');
    expect(within(strip).getByRole('link', { name: 'Filas internas: 0' })).toBeInTheDocument();
  });

  it('polls every second without the global loading indicator, and not while paused', async () => {
    const api = mockFetch([{ method: 'GET', path: '/engine/status', reply: { body: online } }]);
    const started = vi.spyOn(loadingStore, 'start');
    const { user } = renderWithProviders(<PausableStrip />);
    await waitFor(() => expect(api.callsTo('GET', '/engine/status').length).toBeGreaterThan(1), {
      timeout: 2500,
    });
    expect(started).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Pausar' }));
    const count = api.callsTo('GET', '/engine/status').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(api.callsTo('GET', '/engine/status')).toHaveLength(count);
  });
});

function PausableStrip() {
  const [paused, setPaused] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setPaused(true)}>
        Pausar
      </button>
      <EngineStatusStrip paused={paused} />
    </>
  );
}
