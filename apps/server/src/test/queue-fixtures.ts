import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { executions, flows, queues } from '../db/schema';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { createEmbeddedMessageDriver } from '../modules/queues/drivers/embedded-message-driver';
import { chain, type Step } from './flow-fixtures';

/** A workspace of its own (the customer and the owner come with it). */
export async function seedWorkspace(db: Database) {
  const email = `pessoa-${randomUUID()}@exemplo.com.br`;
  return db.transaction((tx) =>
    createAuthRepository(tx).createOwnerAccount(
      {
        customerName: 'Cliente',
        workspaceName: 'Workspace',
        userName: 'Pessoa',
        email,
        passwordHash: 'x',
      },
      new Date(),
    ),
  );
}

export type SeededWorkspace = Awaited<ReturnType<typeof seedWorkspace>>;

/** A queue row, as the queues service would write it. */
export async function addQueue(
  db: Database,
  workspace: SeededWorkspace,
  values: { name?: string; maxPerSecond?: number } = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(queues).values({
    id,
    workspaceId: workspace.workspaceId,
    customerId: workspace.customerId,
    name: values.name ?? `Fila ${id.slice(0, 8)}`,
    maxPerSecond: values.maxPerSecond ?? 0,
  });
  return id;
}

/** A flow started by a queue trigger on `queueId` (uid n0), then the steps. */
export async function addConsumerFlow(
  db: Database,
  workspaceId: string,
  queueId: string,
  steps: Step[],
  values: { name?: string; createdAt?: Date } = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(flows).values({
    id,
    workspaceId,
    name: values.name ?? 'Consumidor',
    enabled: true,
    triggers: [{ node_uid: 'n0', node_type: 'core_queue_trigger' }],
    variables: [],
    data: chain({ type: 'core_queue_trigger', params: { queue: queueId } }, ...steps),
    config: { rate_limit: 0 },
    ...(values.createdAt ? { createdAt: values.createdAt } : {}),
  });
  return id;
}

export const executionsOfFlow = (db: Database, flowId: string) =>
  db.select().from(executions).where(eq(executions.flowId, flowId));

/** The embedded message driver over the database, with a short lease when asked. */
export function openMessageDriver(db: Database, options: { leaseMs?: number } = {}) {
  return createEmbeddedMessageDriver(db, options);
}
