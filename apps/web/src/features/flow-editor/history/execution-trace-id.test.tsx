import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { ExecutionTopBar } from './execution-top-bar';
import { failedExecution } from './execution-view-fixtures';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';

function open(trace: string | null) {
  const execution = { ...failedExecution().execution, trace_id: trace };
  const bar = (
    <ExecutionTopBar executionId="x1" execution={execution} onBack={() => {}} copying={false} />
  );
  const router = createMemoryRouter([{ path: '/', element: bar }]);
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return user;
}

describe("the execution's trace", () => {
  it('shows the trace id, labelled, and copies it', async () => {
    const user = open(traceId);
    expect(await screen.findByLabelText('Trace')).toHaveTextContent(traceId);
    expect(screen.getByText('Trace', { selector: 'span' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copiar trace' }));
    expect(await navigator.clipboard.readText()).toBe(traceId);
  });

  it('shows nothing of a trace for an execution that was not traced', async () => {
    open(null);
    expect(await screen.findByRole('heading', { name: 'Execução x1' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Trace')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copiar trace' })).toBeNull();
  });
});
