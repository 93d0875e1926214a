import type { RecordsPort } from '@ponte/engine/ports';
import type { Database } from '../db/client';
import { abortable } from '../lib/abortable';
import { activeTrace } from './tracing/tracing';
import { AppError } from '../lib/app-error';
import type { RecordData } from '../modules/db-tables/record-values';
import { createRecordsPortService } from '../modules/db-tables/records.port-service';

/**
 * A refusal of the records service (an AppError: 400/404 with a pt-BR message naming the table
 * or the field) as the plain Error a node fails with; the status and details stay behind, the
 * message is what people read. Anything else (the database away) passes as it is.
 */
async function asNodeError<T>(
  operation: string,
  signal: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  try {
    return await traced(operation, () => abortable(signal, work));
  } catch (error) {
    if (error instanceof AppError) throw new Error(error.message, { cause: error });
    throw error;
  }
}

/**
 * A traced execution's call is a statement group of its own (`records <operation>`), child of
 * the node's span (docs/adr/0131): no table, filter or value in it.
 */
function traced<T>(operation: string, work: () => Promise<T>): Promise<T> {
  const trace = activeTrace();
  return trace ? trace.statements(`records ${operation}`, work) : work();
}

/**
 * The engine's records port (the record nodes, core_db_*) over the records service the API
 * uses: same validation and coercion, same unique indexes, and the execution's workspace as
 * the only scope a node can reach (docs/adr/0023). The execution's signal: a call aborted
 * before it starts runs no statement; aborted while it runs, it rejects with the signal's
 * reason at once and the service stops before its next statement (node-postgres cannot cancel
 * the one it sent; a transaction rolls back as a whole).
 */
export function createRecordsPort(db: Database, now: () => Date): RecordsPort {
  const service = createRecordsPortService({ db, now });
  // The nodes hand over what expressions gave: values the service checks field by field.
  const data = (given: Record<string, unknown>) => given as RecordData;
  return {
    insert: (scope, table, given, signal) =>
      asNodeError('insert', signal, (s) =>
        service.insert(scope.workspaceId, table, data(given), s),
      ),
    find: (scope, table, query, signal) =>
      asNodeError('find', signal, (s) => service.find(scope.workspaceId, table, query, s)),
    get: (scope, table, id, signal) =>
      asNodeError('get', signal, (s) => service.get(scope.workspaceId, table, id, s)),
    update: (scope, table, target, given, signal) =>
      asNodeError('update', signal, (s) =>
        service.update(scope.workspaceId, table, target, data(given), s),
      ),
    upsert: (scope, table, uniqueField, given, signal) =>
      asNodeError('upsert', signal, (s) =>
        service.upsert(scope.workspaceId, table, uniqueField, data(given), s),
      ),
    delete: (scope, table, target, signal) =>
      asNodeError('delete', signal, (s) => service.delete(scope.workspaceId, table, target, s)),
  };
}
