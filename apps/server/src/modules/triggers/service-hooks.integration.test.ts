import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixTrigger } from '@ponte/engine/connectors/pix/pix.trigger';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import type { DatabaseHandle } from '../../db/client';
import type { FlowRow } from '../flows/flows.repository';
import { createSecretBox } from '../../lib/secret-box';
import { createTestDatabase } from '../../test/test-database';
import { createHookRegistrations } from '../hook-registrations/hook-registrations.service';
import type { EnqueuedExecution, ExecutionRequest } from '../executions/execution-runner';
import { serviceHookRoutes } from './service-hooks.routes';
import { createServiceHooks } from './service-hooks.service';

// A Pix API PSP's notification (openapi.yaml v2.9.0, callback listaPix, example pixWebhook2),
// through the hooks route with the event keys kept in a real database.
const pix = { endToEndId: 'E87654321202009091221dfghi123456', valor: '110.00' };
const node = {
  uid: 'recebido',
  type: pixTrigger.manifest.type,
  typeVersion: 1,
  params: { service_account: 'psp', chave: 'loja@exemplo.com.br', events: 'all' },
} as unknown as FlowNode;
const flow = { id: 'f-pix', workspaceId: 'w-pix' } as FlowRow;
const url = '/engine/hooks/f-pix/recebido/pix?token=s3cr3t';

describe('service hook deliveries', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('embedded');
  });
  afterAll(() => database.close());

  async function hookApp(
    enqueue: (request: ExecutionRequest) => Promise<string>,
    registered: { secret: string } | null = { secret: 's3cr3t' },
  ) {
    const refused: string[] = [];
    const registrations = createHookRegistrations({
      db: database.db,
      box: createSecretBox(Buffer.alloc(32, 3)),
      now: () => new Date('2026-12-01T12:00:00Z'),
      engine: {} as never,
      onError: () => {},
    });
    const app = Fastify();
    await app.register(serviceHookRoutes, {
      prefix: '/engine',
      hooks: createServiceHooks({
        findServiceHook: () => ({ flow, node, params: {} }),
        definition: () => pixTrigger,
        account: async () => ({ _id: 'psp', name: 'PSP', type: 'pix_api', data: {} }),
        // The hooks wait for no execution: only the id is read.
        enqueue: async (request) =>
          ({ execution_id: await enqueue(request) }) as unknown as EnqueuedExecution,
        registration: async () => registered ?? undefined,
        claimEvent: (flowId, nodeUid, key) => registrations.claimEvent(flowId, nodeUid, key),
        now: () => new Date('2026-12-01T12:00:00Z'),
        onRefused: (_flowId, _nodeUid, reason) => refused.push(reason),
      }),
    });
    const notify = (path = url) =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ pix: [pix] }),
      });
    return { app, notify, refused };
  }

  it('answers an error when the execution cannot be queued, and runs the PSP retry of it', async () => {
    let queueDown = true;
    const { app, notify } = await hookApp(async () => {
      if (queueDown) throw new Error('fila indisponível');
      return 'e1';
    });
    expect((await notify()).statusCode).toBe(500);
    queueDown = false;
    const retry = await notify();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ execution_ids: ['e1'] });
    // Once queued, a further retry of the same Pix starts nothing.
    expect((await notify()).json()).toEqual({ execution_ids: [] });
    await app.close();
  });

  it('answers an unauthenticated caller the generic 401, the reason kept for the log', async () => {
    const { app, notify, refused } = await hookApp(async () => 'e2', null);
    const answer = await notify();
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe(messages.engine.hookSignatureInvalid);
    expect(answer.body).not.toMatch(/registrado/);
    expect(refused).toEqual(['O gatilho não está registrado no PSP: ative o flow novamente.']);
    await app.close();
  });
});
