import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { openHistoryAt, versionRoutes, versionSummary } from '../../test/version-fixtures';
import { listOf } from '../../test/workspace-page-setup';
import { operacao, setup } from './list-test-fixtures';

const editorRoutes = [
  { method: 'POST', path: '/api/v1/dashboards/query', reply: { body: {} } },
  { method: 'GET', path: '/api/v1/flows', reply: listOf([]) },
];

describe('/dashboards/edit/{id}: versions', () => {
  it("opens the dashboard's history; a new dashboard has none", async () => {
    const api = setup([
      {
        method: 'GET',
        path: '/api/v1/dashboards/d1',
        reply: { body: { ...operacao, version: 2 } },
      },
      ...editorRoutes,
      ...versionRoutes('/api/v1/dashboards/d1', {
        current: 2,
        summaries: [versionSummary(2), versionSummary(1)],
        documents: {},
      }),
    ]);
    const { user, unmount } = renderApp('/dashboards/edit/d1');
    await openHistoryAt(user, 2);
    expect(api.callsTo('GET', '/api/v1/dashboards/d1/versions')).toHaveLength(1);
    unmount();

    setup(editorRoutes);
    renderApp('/dashboards/new');
    expect(await screen.findByRole('button', { name: 'Adicionar widget' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Histórico de versões' })).not.toBeInTheDocument();
  });
});
