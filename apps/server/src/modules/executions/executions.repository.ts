import { and, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executions, flows, type ExecutionStatus } from '../../db/schema';

export type ExecutionRow = typeof executions.$inferSelect;

export const finishedStatuses: ExecutionStatus[] = ['success', 'error', 'stopped', 'crashed'];

/** Every read takes the workspace of the session; writes come from the runner. */
export function createExecutionsRepository(db: Database) {
  return {
    async create(row: typeof executions.$inferInsert): Promise<ExecutionRow> {
      const [created] = await db.insert(executions).values(row).returning();
      return created!;
    },

    async find(id: string): Promise<ExecutionRow | null> {
      const [row] = await db.select().from(executions).where(eq(executions.id, id));
      return row ?? null;
    },

    async findInWorkspace(workspaceId: string, id: string): Promise<ExecutionRow | null> {
      const [row] = await db
        .select()
        .from(executions)
        .where(and(eq(executions.workspaceId, workspaceId), eq(executions.id, id)));
      return row ?? null;
    },

    async markRunning(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(executions)
        .set({ status: 'running', startedAt: at })
        .where(and(eq(executions.id, id), eq(executions.status, 'queued')))
        .returning({ id: executions.id });
      return rows.length > 0;
    },

    async finish(
      id: string,
      values: Pick<ExecutionRow, 'status' | 'endedAt' | 'durationMs' | 'steps' | 'error'>,
    ): Promise<void> {
      await db.update(executions).set(values).where(eq(executions.id, id));
    },

    /** Executions left queued or running by a process that died. */
    async markCrashed(ids: string[] | 'all-unfinished', at: Date): Promise<ExecutionRow[]> {
      const which =
        ids === 'all-unfinished'
          ? inArray(executions.status, ['running'])
          : and(inArray(executions.id, ids), inArray(executions.status, ['queued', 'running']));
      if (Array.isArray(ids) && !ids.length) return [];
      return db
        .update(executions)
        .set({
          status: 'crashed',
          endedAt: at,
          error: { message: 'A execução foi interrompida: o processo do Ponte parou.' },
        })
        .where(which)
        .returning();
    },

    async running(workspaceId: string) {
      return db
        .select({ execution: executions, flowName: flows.name })
        .from(executions)
        .leftJoin(flows, eq(flows.id, executions.flowId))
        .where(and(eq(executions.workspaceId, workspaceId), eq(executions.status, 'running')))
        .orderBy(desc(executions.startedAt));
    },

    async completed(workspaceId: string, page: number, size: number) {
      const where = and(
        eq(executions.workspaceId, workspaceId),
        inArray(executions.status, finishedStatuses),
        isNotNull(executions.endedAt),
      );
      const [counted] = await db.select({ total: count() }).from(executions).where(where);
      const total = counted?.total ?? 0;
      const last = Math.max(1, Math.ceil(total / size));
      const rows = await db
        .select({ execution: executions, flowName: flows.name })
        .from(executions)
        .leftJoin(flows, eq(flows.id, executions.flowId))
        .where(where)
        .orderBy(desc(executions.endedAt), desc(executions.id))
        .limit(size)
        .offset((Math.min(page, last) - 1) * size);
      return { rows, total };
    },

    /** Finished executions per minute since `from`. */
    async perMinute(workspaceId: string, from: Date): Promise<{ minute: Date; n: number }[]> {
      const minute = sql<string>`date_trunc('minute', ${executions.endedAt})`;
      const rows = await db
        .select({ minute, n: count() })
        .from(executions)
        .where(
          and(
            eq(executions.workspaceId, workspaceId),
            inArray(executions.status, finishedStatuses),
            gte(executions.endedAt, from),
          ),
        )
        .groupBy(minute);
      return rows.map((row) => ({ minute: new Date(row.minute), n: Number(row.n) }));
    },
  };
}

export type ExecutionsRepository = ReturnType<typeof createExecutionsRepository>;
