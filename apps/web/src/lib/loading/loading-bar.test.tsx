import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { LoadingBar } from './loading-bar';
import { loadingStore } from './loading-store';

describe('LoadingBar', () => {
  it('shows a thin bar while calls are in flight', () => {
    renderWithProviders(<LoadingBar />);
    // The providers already render one bar; count the visible ones.
    expect(screen.queryAllByRole('progressbar', { name: 'Carregando' })).toHaveLength(0);
    act(() => {
      loadingStore.start();
      loadingStore.start();
    });
    expect(screen.getAllByRole('progressbar', { name: 'Carregando' }).length).toBeGreaterThan(0);
    act(() => loadingStore.stop());
    expect(screen.getAllByRole('progressbar', { name: 'Carregando' }).length).toBeGreaterThan(0);
    act(() => loadingStore.stop());
    expect(screen.queryAllByRole('progressbar', { name: 'Carregando' })).toHaveLength(0);
  });
});
