import { describe, expect, it } from 'vitest';
import { operationIdOf, withOperationIds } from './openapi-operations';

describe('operation ids', () => {
  it('reads the method and the path, without /api and the version', () => {
    expect(operationIdOf('get', '/api/v1/groups/{id}')).toBe('getGroupsById');
    expect(operationIdOf('POST', '/account/v1/workspaces/switch')).toBe(
      'postAccountWorkspacesSwitch',
    );
    expect(operationIdOf('get', '/api/v1/db/tables/{id}/fields/{name}/values-count')).toBe(
      'getDbTablesByIdFieldsByNameValuesCount',
    );
    expect(operationIdOf('get', '/healthz')).toBe('getHealthz');
  });

  it('gives the same ids whatever order the paths come in', () => {
    const paths = {
      '/api/v1/flows': { get: {}, post: {} },
      '/api/v1/flows/{id}': { get: {}, put: {}, delete: {} },
    };
    const reversed = Object.fromEntries(Object.entries(paths).reverse());
    const ids = (named: ReturnType<typeof withOperationIds>) =>
      Object.entries(named)
        .flatMap(([path, item]) => Object.values(item).map((op) => `${path} ${op.operationId}`))
        .sort();
    expect(ids(withOperationIds(reversed))).toEqual(ids(withOperationIds(paths)));
  });

  it('keeps an id a route declares, and names the wildcard parameter `path`', () => {
    const named = withOperationIds({
      '/engine/webhook/{flowId}/{*}': {
        post: {
          parameters: [
            { in: 'path', name: 'flowId' },
            { in: 'path', name: '*' },
          ],
        },
      },
      '/api/v1/flows': { get: { operationId: 'listFlows' } },
    });
    expect(named['/api/v1/flows']!.get!.operationId).toBe('listFlows');
    const webhook = named['/engine/webhook/{flowId}/{path}']!.post!;
    expect(webhook.operationId).toBe('postEngineWebhookByFlowIdByPath');
    expect(webhook.parameters!.map((parameter) => parameter.name)).toEqual(['flowId', 'path']);
  });
});
