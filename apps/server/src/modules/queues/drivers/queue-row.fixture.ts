import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client';
import { customers, queues, workspaces } from '../../../db/schema';

/** Tests of the message drivers: a fresh queue row (rate 1, not paused) in a test workspace. */
export async function insertTestQueue(db: Database): Promise<string> {
  await db
    .insert(customers)
    .values({ id: 'cliente-filas', name: 'Cliente das filas' })
    .onConflictDoNothing();
  await db
    .insert(workspaces)
    .values({ id: 'ws-filas', customerId: 'cliente-filas', name: 'Filas' })
    .onConflictDoNothing();
  const id = randomUUID();
  await db.insert(queues).values({
    id,
    workspaceId: 'ws-filas',
    customerId: 'cliente-filas',
    name: `fila-${id}`,
  });
  return id;
}
