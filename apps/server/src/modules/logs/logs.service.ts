import type { LogFilters, LogList } from '@ponte/shared/monitoring.schema';
import type { Database } from '../../db/client';
import { createLogsRepository, type LogRow } from './logs.repository';

export interface LogsServiceDeps {
  db: Database;
  now: () => Date;
}

const toLogItem = (row: LogRow): LogList['items'][number] => ({
  _id: String(row.id),
  data: {
    message: row.message,
    label: row.label,
    execution_id: row.executionId,
    type: row.type,
    flow_id: row.flowId,
    node_uid: row.nodeUid,
    timestamp: row.createdAt.toISOString(),
  },
});

/** The monitoring logs of a workspace (spec 2 §4). */
export function createLogsService({ db, now }: LogsServiceDeps) {
  const repository = createLogsRepository(db);

  return {
    /** A page, newest first; without from/to the span is the date alias (default 1 h). */
    async list(workspaceId: string, filters: LogFilters, page: number, size: number) {
      const { items, total } = await repository.list(workspaceId, filters, page, size, now());
      return { items: items.map(toLogItem), total };
    },
  };
}

export type LogsService = ReturnType<typeof createLogsService>;
