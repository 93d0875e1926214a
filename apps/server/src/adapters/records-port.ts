import type { RecordsPort } from '@ponte/engine/ports';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import type { RecordData } from '../modules/db-tables/record-values';
import { createRecordsPortService } from '../modules/db-tables/records.port-service';

/**
 * A refusal of the records service (an AppError: 400/404 with a pt-BR message naming the table
 * or the field) as the plain Error a node fails with; the status and details stay behind, the
 * message is what people read. Anything else (the database away) passes as it is.
 */
async function asNodeError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new Error(error.message, { cause: error });
    throw error;
  }
}

/**
 * The engine's records port (the record nodes, core_db_*) over the records service the API
 * uses: same validation and coercion, same unique indexes, and the execution's workspace as
 * the only scope a node can reach (docs/adr/0023).
 */
export function createRecordsPort(db: Database, now: () => Date): RecordsPort {
  const service = createRecordsPortService({ db, now });
  // The nodes hand over what expressions gave: values the service checks field by field.
  const data = (given: Record<string, unknown>) => given as RecordData;
  return {
    insert: (scope, table, given) =>
      asNodeError(() => service.insert(scope.workspaceId, table, data(given))),
    find: (scope, table, query) => asNodeError(() => service.find(scope.workspaceId, table, query)),
    get: (scope, table, id) => asNodeError(() => service.get(scope.workspaceId, table, id)),
    update: (scope, table, target, given) =>
      asNodeError(() => service.update(scope.workspaceId, table, target, data(given))),
    upsert: (scope, table, uniqueField, given) =>
      asNodeError(() => service.upsert(scope.workspaceId, table, uniqueField, data(given))),
    delete: (scope, table, target) =>
      asNodeError(() => service.delete(scope.workspaceId, table, target)),
  };
}
