import { and, eq } from 'drizzle-orm';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { Database } from '../../db/client';
import { flows } from '../../db/schema';

/** The flow's id and document, only when it belongs to the workspace. */
export async function findFlowInWorkspace(
  db: Database,
  workspaceId: string,
  flowId: string,
): Promise<{ id: string; data: FlowDocument } | null> {
  const [flow] = await db
    .select({ id: flows.id, data: flows.data })
    .from(flows)
    .where(and(eq(flows.workspaceId, workspaceId), eq(flows.id, flowId)));
  return flow ? { id: flow.id, data: flow.data as FlowDocument } : null;
}
