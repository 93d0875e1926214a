import { and, asc, eq } from 'drizzle-orm';
import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { Database } from '../../db/client';
import { flows } from '../../db/schema';

export const formTriggerType = 'core_form_trigger';

/** The flow a form's submissions start, and its 'Formulário' trigger node. */
export interface FormConsumer {
  flowId: string;
  flowName: string;
  node: FlowNode;
}

/** The first enabled 'Formulário' trigger of a flow's data that names the form. */
export function formTriggerOf(data: unknown, formId: string): FlowNode | undefined {
  return ((data as FlowDocument | null)?.nodes ?? []).find(
    (node) => node.type === formTriggerType && !node.disabled && node.params?.form === formId,
  );
}

/**
 * The consumer of a form (docs/adr/0038): the earliest-created enabled flow of the form's
 * workspace with an enabled 'Formulário' trigger naming it; null when none. Read at each
 * submission, so every process agrees without a cache.
 */
export async function findFormConsumer(
  db: Database,
  workspaceId: string,
  formId: string,
): Promise<FormConsumer | null> {
  const rows = await db
    .select({ id: flows.id, name: flows.name, data: flows.data })
    .from(flows)
    .where(and(eq(flows.workspaceId, workspaceId), eq(flows.enabled, true)))
    .orderBy(asc(flows.createdAt), asc(flows.id));
  for (const row of rows) {
    const node = formTriggerOf(row.data, formId);
    if (node) return { flowId: row.id, flowName: row.name, node };
  }
  return null;
}
