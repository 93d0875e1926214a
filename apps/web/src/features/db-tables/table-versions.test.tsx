import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { openHistoryAt, versionRoutes, versionSummary } from '../../test/version-fixtures';
import { clientes, setup } from './test-fixtures';

const list = { method: 'GET', path: '/api/v1/db/tables', reply: { body: { items: [], total: 0 } } };

describe('/database/tables/edit/{id}: versions', () => {
  it("opens the structure's history; a new table has none", async () => {
    const api = setup([
      list,
      { method: 'GET', path: '/api/v1/db/tables/t1', reply: { body: { ...clientes, version: 4 } } },
      ...versionRoutes('/api/v1/db/tables/t1', {
        current: 4,
        summaries: [4, 3, 2, 1].map((n) => versionSummary(n)),
        documents: {},
      }),
    ]);
    const { user, unmount } = renderApp('/database/tables/edit/t1');
    await openHistoryAt(user, 4);
    expect(api.callsTo('GET', '/api/v1/db/tables/t1/versions')).toHaveLength(1);
    unmount();

    setup([list]);
    renderApp('/database/tables/new');
    expect(await screen.findByRole('button', { name: 'Adicionar campo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Histórico de versões' })).not.toBeInTheDocument();
  });
});
