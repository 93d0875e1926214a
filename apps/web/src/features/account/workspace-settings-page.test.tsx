import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { messages } from '@ponte/shared/messages';
import { mockFetch, type RecordedCall } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { storeTestSession, testUser, testWorkspace } from '../../test/session-fixtures';

const url = '/api/v1/workspaces/current/ai-budget';
const used = { entrada: 12_000, saida: 345 };

/** The owner (or a member) on the settings page; a PUT answers what it was sent. */
function open(budget: number | null, owner = true, path = '/conta/workspace') {
  storeTestSession({
    user: { ...testUser, is_owner: owner },
    workspace: { ...testWorkspace, role: owner ? 'owner' : 'editor' },
  });
  const api = mockFetch([
    {
      method: 'GET',
      path: url,
      reply: { body: { ai_token_budget: budget, used_this_month: used } },
    },
    {
      method: 'PUT',
      path: url,
      reply: (call: RecordedCall) => ({
        body: { ...(call.body as object), used_this_month: used },
      }),
    },
    {
      method: 'GET',
      path: '/api/v1/workspaces/current/version-retention',
      reply: { body: { version_keep_count: null, version_keep_days: null } },
    },
  ]);
  return { api, ...renderApp(path) };
}

const field = () => screen.getByLabelText('Orçamento mensal de tokens de IA');
/** The budget's own 'Salvar' (the page has one per section). */
const saveBudget = () =>
  within(screen.getByRole('region', { name: 'Inteligência artificial' })).getByRole('button', {
    name: 'Salvar',
  });

describe("'Configurações do workspace': the monthly AI token budget", () => {
  it("shows the month's tokens and saves a budget typed with Brazilian digits", async () => {
    const { api, user } = open(null);
    expect(await screen.findByText('Usados este mês: 12.345 tokens')).toBeInTheDocument();
    expect(screen.getByText('12.000 de entrada, 345 de saída')).toBeInTheDocument();
    expect(field()).toHaveValue('');
    expect(screen.getByText(/Deixe vazio para não ter limite\./)).toBeInTheDocument();

    await user.type(field(), '999');
    await user.click(saveBudget());
    expect(await screen.findByText(messages.llm.budgetRange)).toBeInTheDocument();
    expect(api.callsTo('PUT', url)).toHaveLength(0);

    await user.clear(field());
    await user.type(field(), '2000000');
    expect(field()).toHaveValue('2.000.000');
    await user.click(saveBudget());
    expect(await screen.findByText(messages.llm.budgetSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT', url)[0]?.body).toEqual({ ai_token_budget: 2_000_000 });
    expect(field()).toHaveValue('2.000.000');
  });

  it('an emptied field saves no limit', async () => {
    const { api, user } = open(5000);
    await screen.findByText('Usados este mês: 12.345 tokens');
    expect(field()).toHaveValue('5.000');
    await user.clear(field());
    await user.click(saveBudget());
    await screen.findByText(messages.llm.budgetSaved);
    expect(api.callsTo('PUT', url)[0]?.body).toEqual({ ai_token_budget: null });
  });

  it('a member sees the budget and the usage, and cannot change them', async () => {
    open(1_000_000, false);
    await screen.findByText('Usados este mês: 12.345 tokens');
    expect(field()).toHaveValue('1.000.000');
    expect(field()).toBeDisabled();
    expect(
      await screen.findByText(
        'Seu papel (Editor) não permite alterar as configurações do workspace.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Seu papel (Editor) não permite gerenciar a instância (orçamento de IA e novos workspaces).',
      ),
    ).toBeInTheDocument();
  });

  it('is linked from the account panel', async () => {
    const { user, router } = open(null, true, '/conta');
    await user.click(screen.getByRole('link', { name: /Configurações do workspace/ }));
    expect(router.state.location.pathname).toBe('/conta/workspace');
  });
});
