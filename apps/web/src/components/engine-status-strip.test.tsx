import { useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadingStore } from '../lib/loading/loading-store';
import { apiError, mockFetch } from '../test/mock-fetch';
import { renderWithProviders } from '../test/render';
import { EngineStatusStrip } from './engine-status-strip';

const online = {
  running: true,
  scheduled_jobs: 4,
  running_flows_count: 2,
  queues: { registered_queues: 3 },
  endpoint: 'https://ponte.exemplo.com/engine',
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
    expect(strip).toHaveTextContent('Endereço da engine: https://ponte.exemplo.com/engine');
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
    // Fake timers: each second of polling is stepped by hand, never waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    onTestFinished(() => void vi.useRealTimers());
    const api = mockFetch([{ method: 'GET', path: '/engine/status', reply: { body: online } }]);
    const started = vi.spyOn(loadingStore, 'start');
    const calls = () => api.callsTo('GET', '/engine/status').length;
    renderWithProviders(<PausableStrip />);
    await vi.advanceTimersByTimeAsync(0);
    const first = calls();
    expect(first).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls()).toBe(first + 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls()).toBe(first + 2);
    expect(started).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    await vi.advanceTimersByTimeAsync(0);
    const count = calls();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls()).toBe(count);
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
