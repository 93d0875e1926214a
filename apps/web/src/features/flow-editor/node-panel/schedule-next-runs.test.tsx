import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockFetch } from '../../../test/mock-fetch';
import { ScheduleNextRuns } from './schedule-next-runs';

afterEach(() => vi.unstubAllGlobals());

describe('ScheduleNextRuns', () => {
  it("lists the server's next firing times with the weekday, in the schedule's time zone", async () => {
    const api = mockFetch([
      {
        method: 'POST',
        path: '/engine/schedule/next-runs',
        reply: {
          body: {
            runs: ['2026-12-07T12:00:00.000Z', '2027-01-08T12:00:00.000Z'],
            problem: null,
          },
        },
      },
    ]);
    const params = { cron: '0 0 9 * * *', timezone: 'America/Sao_Paulo' };
    renderWithProviders(<ScheduleNextRuns params={params} />);
    expect(await screen.findByText('seg. 07/12/2026 09:00')).toBeInTheDocument();
    expect(screen.getByText('sex. 08/01/2027 09:00')).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ params });
  });

  it('names another time zone and shows times in it', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/engine/schedule/next-runs',
        reply: { body: { runs: ['2026-12-07T12:00:00.000Z'], problem: null } },
      },
    ]);
    renderWithProviders(<ScheduleNextRuns params={{ cron: '0 9 * * *', timezone: 'UTC' }} />);
    expect(await screen.findByText('seg. 07/12/2026 12:00')).toBeInTheDocument();
    expect(screen.getByText(/horário de UTC/)).toBeInTheDocument();
  });

  it("shows the server's reason when there is nothing to list", async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/engine/schedule/next-runs',
        reply: { body: { runs: [], problem: 'Expressão cron inválida: "x".' } },
      },
    ]);
    renderWithProviders(<ScheduleNextRuns params={{ cron: 'x' }} />);
    expect(await screen.findByText('Expressão cron inválida: "x".')).toBeInTheDocument();
  });
});
