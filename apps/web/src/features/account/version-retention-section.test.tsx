import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@ponte/shared/messages';
import type { VersionRetentionSetting } from '@ponte/shared/versions.schema';
import { mockFetch, type RecordedCall } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { storeTestSession, testUser, testWorkspace } from '../../test/session-fixtures';

const m = messages.versions;
const url = '/api/v1/workspaces/current/version-retention';
const all: VersionRetentionSetting = { version_keep_count: null, version_keep_days: null };

/** The owner (or a member) on the settings page; a PUT answers what it was sent. */
function open(setting: VersionRetentionSetting, owner = true) {
  storeTestSession({
    user: { ...testUser, is_owner: owner },
    workspace: { ...testWorkspace, role: owner ? 'owner' : 'editor' },
  });
  const api = mockFetch([
    {
      method: 'GET',
      path: '/api/v1/workspaces/current/ai-budget',
      reply: { body: { ai_token_budget: null, used_this_month: { entrada: 0, saida: 0 } } },
    },
    { method: 'GET', path: url, reply: { body: setting } },
    { method: 'PUT', path: url, reply: (call: RecordedCall) => ({ body: call.body }) },
  ]);
  return { api, ...renderApp('/conta/workspace') };
}

/** The section, once its setting loaded. */
async function section() {
  const region = await screen.findByRole('region', { name: 'Histórico de versões' });
  await within(region).findByRole('radio', { name: 'Guardar todas as versões' });
  return region;
}

const radio = (region: HTMLElement, name: string) => within(region).getByRole('radio', { name });

describe("'Histórico de versões' on the workspace settings", () => {
  it('keeps every version by default and says what is always kept', async () => {
    open(all);
    const region = await section();
    expect(screen.getByTestId('version-retention')).toBe(region);
    expect(radio(region, 'Guardar todas as versões')).toBeChecked();
    expect(radio(region, 'Guardar as últimas N versões de cada item')).not.toBeChecked();
    expect(radio(region, 'Guardar as versões dos últimos N dias')).not.toBeChecked();
    expect(
      within(region).getByText(/A versão atual de cada item é sempre guardada/),
    ).toBeInTheDocument();
    expect(within(region).getByText(/as execuções nunca são apagadas/)).toBeInTheDocument();
    expect(within(region).queryByLabelText('Número de versões')).toBeNull();
  });

  it('saves the last N versions of each item, refusing a number out of range first', async () => {
    const { api, user } = open(all);
    const region = await section();
    await user.click(radio(region, 'Guardar as últimas N versões de cada item'));
    const count = within(region).getByLabelText('Número de versões');
    await user.type(count, '0');
    await user.click(within(region).getByRole('button', { name: 'Salvar' }));
    expect(await within(region).findByText(m.retentionInvalid)).toBeInTheDocument();
    expect(api.callsTo('PUT', url)).toHaveLength(0);

    await user.clear(count);
    await user.type(count, '25000');
    expect(count).toHaveValue('25.000');
    await user.click(within(region).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(m.retentionSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT', url)[0]?.body).toEqual({
      version_keep_count: 25_000,
      version_keep_days: null,
    });
    expect(radio(region, 'Guardar as últimas N versões de cada item')).toBeChecked();
  });

  it('shows a rule by days and goes back to every version', async () => {
    const { api, user } = open({ version_keep_count: null, version_keep_days: 90 });
    const region = await section();
    expect(radio(region, 'Guardar as versões dos últimos N dias')).toBeChecked();
    expect(within(region).getByLabelText('Número de dias')).toHaveValue('90');
    await user.click(radio(region, 'Guardar todas as versões'));
    expect(within(region).queryByLabelText('Número de dias')).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', url)).toHaveLength(1));
    expect(api.callsTo('PUT', url)[0]?.body).toEqual(all);
  });

  it('a member sees the rule and cannot change it', async () => {
    open({ version_keep_count: 10, version_keep_days: null }, false);
    const region = await section();
    expect(radio(region, 'Guardar as últimas N versões de cada item')).toBeChecked();
    expect(radio(region, 'Guardar todas as versões')).toBeDisabled();
    expect(within(region).getByLabelText('Número de versões')).toBeDisabled();
    expect(within(region).queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(
      within(region).getByText(
        'Seu papel (Editor) não permite alterar as configurações do workspace.',
      ),
    ).toBeInTheDocument();
  });
});
