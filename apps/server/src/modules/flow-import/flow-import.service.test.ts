import { describe, expect, it } from 'vitest';
import type { Flow } from '@ponte/shared/flows.schema';
import { AppError } from '../../lib/app-error';
import { createFlowImportService, type FlowImportDeps } from './flow-import.service';
import { nodeRedSample } from './flow-import-samples';

/** A flows service that keeps its flows in a map and refuses the `failAt`-th creation. */
function fakeFlows(failAt: number) {
  const stored = new Map<string, string>();
  let creations = 0;
  const flows: FlowImportDeps['flows'] = {
    check: async () => {},
    create: async (_workspaceId, body) => {
      creations++;
      if (creations === failAt) throw new AppError(429, 'node_limit', 'Limite atingido.');
      const id = `f${creations}`;
      stored.set(id, body.name);
      return { _id: id, name: body.name } as Flow;
    },
    update: async (_workspaceId, id) => ({ _id: id }) as Flow,
    remove: async (_workspaceId, id) => {
      stored.delete(id);
    },
  };
  return { flows, stored };
}

describe('the import of several flows', () => {
  it('removes the flows it created when a later one is refused, and tells which', async () => {
    const { flows, stored } = fakeFlows(2);
    const service = createFlowImportService({
      flows,
      flowNames: async () => [],
      account: async () => null,
    });
    const refusal = await service
      .importFlows('w1', { source: 'node-red', document: nodeRedSample() })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      statusCode: 429,
      message: 'Nada foi importado: o flow "Alertas" não pode ser criado (Limite atingido.).',
    });
    expect([...stored.values()]).toEqual([]);
  });

  it('keeps every flow when none is refused', async () => {
    const { flows, stored } = fakeFlows(0);
    const service = createFlowImportService({
      flows,
      flowNames: async () => ['Sensores'],
      account: async () => null,
    });
    await service.importFlows('w1', { source: 'node-red', document: nodeRedSample() });
    expect([...stored.values()]).toEqual(['Sensores (2)', 'Alertas']);
  });
});
