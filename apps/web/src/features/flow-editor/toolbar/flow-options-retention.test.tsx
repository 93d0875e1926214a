import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { storeTestSession } from '../../../test/session-fixtures';
import { FlowOptionsModal } from './flow-options-modal';

function open(retentionDays?: number) {
  storeTestSession();
  mockFetch([
    {
      method: 'GET',
      path: '/api/v1/lgpd/retention/instance',
      reply: { body: { days: 30, variable: 'PONTE_LOG_RETENTION_DAYS' } },
    },
  ]);
  const onApply = vi.fn();
  const view = renderWithProviders(
    <FlowOptionsModal
      opened
      config={{
        rate_limit: 0,
        save_executions: 'default',
        continue_unawaited: true,
        ...(retentionDays ? { retention_days: retentionDays } : {}),
      }}
      onClose={vi.fn()}
      onApply={onApply}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Opções do Flow' });
  const input = within(dialog).getByLabelText('Guardar logs e dados das execuções por (dias)');
  const applyButton = within(dialog).getByRole('button', { name: 'Aplicar' });
  return { ...view, dialog, input, applyButton, onApply };
}

describe("'Opções do Flow': the flow's own retention", () => {
  it("shows the instance's days when empty, and applies the days typed", async () => {
    const { input, applyButton, user, onApply } = open();
    expect(await screen.findByPlaceholderText('Padrão da instância (30 dias)')).toBe(input);
    await user.type(input, '90');
    await user.click(applyButton);
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ retention_days: 90 }));
  });

  it('saves an emptied field as following the instance again', async () => {
    const { input, applyButton, user, onApply } = open(7);
    expect(input).toHaveValue('7');
    await user.clear(input);
    await user.click(applyButton);
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ retention_days: null }));
  });

  it('takes 0 days as the least, one day', async () => {
    const { input, applyButton, user, onApply } = open();
    await user.type(input, '0');
    await user.click(applyButton);
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ retention_days: 1 }));
  });
});
