import type { LogFilters, LogList } from '@ponte/shared/monitoring.schema';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import type { RecordSecurityEvent } from '../audit/security-log.service';
import { createLogsRepository, type LogRow } from './logs.repository';
import { createSearchSlots } from './search-slots';

export interface LogsServiceDeps {
  db: Database;
  now: () => Date;
  /** Text searches of one workspace running at once (default 2); the next gets 429. */
  searchesPerWorkspace?: number;
  /** The statement timeout of a search, in ms (default 5000; PostgreSQL only). */
  searchTimeoutMs?: number;
  /** Seconds in `Retry-After` of a refused search (default 2). */
  retryAfterSeconds?: number;
  security?: RecordSecurityEvent;
  /**
   * Requests that arrived and are still having their session checked (the auth plugin's
   * gauge). A search waits for them (a few turns of the event loop at most) before it starts.
   */
  arrivals?: () => number;
}

/** Turns of the event loop a search gives to arrivals before its statement starts. */
const maxArrivalTurns = 20;

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

const searchRoute = 'GET /api/v1/monitoring/logs';
const queryCanceled = '57014';

function isStatementTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === queryCanceled) return true;
  }
  return false;
}

/** The monitoring logs of a workspace (spec 2 §4). */
export function createLogsService(deps: LogsServiceDeps) {
  const { db, now, security } = deps;
  const repository = createLogsRepository(db);
  const perWorkspace = deps.searchesPerWorkspace ?? 2;
  const slots = createSearchSlots(perWorkspace);
  const timeoutMs = deps.searchTimeoutMs ?? 5_000;
  const retryAfter = deps.retryAfterSeconds ?? 2;

  /**
   * The embedded database runs a statement on this thread without yielding, for as long as a
   * search takes: before it starts, the requests that already arrived finish their session
   * check, so that a flood's searches take (or are refused) their slots now, not one by one
   * after each other's statement (docs/adr/0021).
   */
  const letArrivalsIn = async () => {
    for (let turn = 0; turn < maxArrivalTurns; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if ((deps.arrivals?.() ?? 0) === 0) return;
    }
  };

  const busy = (session: Pick<AuthContext, 'userId' | 'workspaceId'>) => {
    security?.({
      kind: 'throttled',
      userId: session.userId,
      workspaceId: session.workspaceId,
      resource: searchRoute,
      detail: `Mais de ${perWorkspace} buscas de logs ao mesmo tempo neste workspace; a busca foi recusada.`,
    });
    return new AppError(
      429,
      errorCodes.tooManyRequests,
      messages.monitoring.searchBusy(retryAfter),
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  };

  return {
    /**
     * A page, newest first; without from/to the span is the date alias (default 1 h). A text
     * search takes one of the workspace's search slots and runs under the statement timeout.
     */
    async list(
      session: Pick<AuthContext, 'userId' | 'workspaceId' | 'groupIds'>,
      asked: LogFilters,
      page: number,
      size: number,
    ) {
      const { workspaceId } = session;
      const filters = { ...asked, within: session.groupIds };
      if (!filters.search) {
        const { items, total } = await repository.list(workspaceId, filters, page, size, now());
        return { items: items.map(toLogItem), total };
      }
      const release = slots.take(workspaceId);
      if (!release) throw busy(session);
      try {
        await letArrivalsIn();
        const { items, total } = await repository.list(
          workspaceId,
          filters,
          page,
          size,
          now(),
          timeoutMs,
        );
        return { items: items.map(toLogItem), total };
      } catch (error) {
        if (isStatementTimeout(error))
          throw new AppError(503, errorCodes.searchTimeout, messages.monitoring.searchTimeout);
        throw error;
      } finally {
        release();
      }
    },
  };
}

export type LogsService = ReturnType<typeof createLogsService>;
