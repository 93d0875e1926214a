import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import {
  manualFormFields,
  validateManualInput,
} from '@ponte/engine/nodes/triggers/manual-trigger/manual-trigger.node';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import type { EnqueuedExecution, ExecutionRequest } from '../executions/execution-runner';
import type { FlowRow } from '../flows/flows.repository';

export interface ManualTriggerServiceDeps {
  /** The flow, only when it belongs to the workspace. */
  findFlow(workspaceId: string, flowId: string): Promise<FlowRow | null>;
  enqueue(request: ExecutionRequest): Promise<EnqueuedExecution>;
}

const m = messages.engine;

export interface ManualTarget {
  workspaceId: string;
  flowId: string;
  node: FlowNode;
}

/** The Manual Trigger of a flow (spec 1 §2.5): its form and its runs. */
export function createManualTriggerService({ findFlow, enqueue }: ManualTriggerServiceDeps) {
  const manualNode = async (workspaceId: string, flowId: string) => {
    const flow = await findFlow(workspaceId, flowId);
    if (!flow) throw notFound(m.flowNotFound, { kind: 'flow', id: flowId });
    const node = (flow.data as FlowDocument).nodes.find(
      (n) => n.type === 'core_manual_trigger' && !n.disabled,
    );
    if (!node) throw invalidField('flow', m.noManualTrigger);
    return { flow, node };
  };

  return {
    async form(workspaceId: string, flowId: string) {
      const { node } = await manualNode(workspaceId, flowId);
      return {
        form_fields: manualFormFields(node.params),
        form_description: String(node.params.description ?? ''),
      };
    },

    /**
     * The enabled flow's manual trigger; fails before anything is uploaded when the flow is
     * missing, has no manual trigger or is disabled.
     */
    async target(workspaceId: string, flowId: string): Promise<ManualTarget> {
      const { flow, node } = await manualNode(workspaceId, flowId);
      if (!flow.enabled) throw invalidField('flow', m.flowDisabled);
      return { workspaceId, flowId: flow.id, node };
    },

    /** Checks the form values against the node's fields, then enqueues the execution. */
    async run(target: ManualTarget, values: Record<string, unknown>): Promise<string> {
      const problems = validateManualInput(manualFormFields(target.node.params), values);
      if (problems.length) {
        throw new AppError(
          400,
          'validation_error',
          problems[0]!,
          problems.map((message) => ({ field: 'form', message })),
        );
      }
      const { execution_id } = await enqueue({
        workspaceId: target.workspaceId,
        flowId: target.flowId,
        triggerNodeUid: target.node.uid,
        msg: { payload: values },
      });
      return execution_id;
    },
  };
}

export type ManualTriggerService = ReturnType<typeof createManualTriggerService>;
