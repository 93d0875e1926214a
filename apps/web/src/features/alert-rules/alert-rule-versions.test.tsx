import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { alertRuleBodySchema } from '@ponte/shared/alert-rules.schema';
import { messages } from '@ponte/shared/messages';
import { labelOfPath } from '../../components/version-history/version-labels';
import { renderWithProviders } from '../../test/render';
import { openHistoryAt, versionRoutes, versionSummary } from '../../test/version-fixtures';
import { AlertRuleEditorPage } from './alert-rule-editor-page';
import { alertRuleVersionLabels } from './alert-rule-version-labels';
import { setupEditor, timeoutRule } from './editor-test-fixtures';

const render = (path: string) =>
  renderWithProviders(<AlertRuleEditorPage />, {
    path,
    pattern: path.endsWith('/new') ? '/alert-rules/new' : '/alert-rules/edit/:id',
    extraPaths: ['/alert-rules'],
  });

describe('/alert-rules/edit/{id}: versions', () => {
  it("opens the rule's history; a new rule has none", async () => {
    const api = setupEditor([
      {
        method: 'GET',
        path: '/api/v1/alert-rules/r1',
        reply: { body: { ...timeoutRule, version: 3 } },
      },
      ...versionRoutes('/api/v1/alert-rules/r1', {
        current: 3,
        summaries: [3, 2, 1].map((n) => versionSummary(n)),
        documents: {},
      }),
    ]);
    const { user, unmount } = render('/alert-rules/edit/r1');
    await openHistoryAt(user, 3);
    expect(api.callsTo('GET', '/api/v1/alert-rules/r1/versions')).toHaveLength(1);
    unmount();

    setupEditor();
    render('/alert-rules/new');
    expect(await screen.findByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Histórico de versões' })).not.toBeInTheDocument();
  });

  it('sends the version it loaded, then the version its save made', async () => {
    const api = setupEditor([
      {
        method: 'GET',
        path: '/api/v1/alert-rules/r1',
        reply: { body: { ...timeoutRule, version: 3 } },
      },
      {
        method: 'PUT',
        path: '/api/v1/alert-rules/r1',
        reply: { body: { ...timeoutRule, version: 4 } },
      },
    ]);
    const { user } = render('/alert-rules/edit/r1');
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.alertRules.saved)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/v1/alert-rules/r1')[0]?.body).toMatchObject({ version: 3 });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findAllByText(messages.alertRules.saved);
    const puts = api.callsTo('PUT', '/api/v1/alert-rules/r1');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toMatchObject({ version: 4 });
  });
});

describe("an alert rule's fields in its history", () => {
  it('names every field the editor saves, as the editor labels it', () => {
    const fields = Object.keys(alertRuleBodySchema.shape);
    expect(fields.filter((field) => !(field in alertRuleVersionLabels))).toEqual([]);
    expect(labelOfPath(['stuck_minutes'], alertRuleVersionLabels)).toBe(
      'Na fila há mais de (minutos)',
    );
  });
});
