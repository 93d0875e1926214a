import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import { invalidField, notFound } from '../../lib/app-error';
import type { EnqueuedExecution, ExecutionRequest } from '../executions/execution-runner';
import type { ExecutionRow } from '../executions/executions.repository';
import { maskedRerun } from '../executions/execution-reruns';
import type { DebugControl } from './debug-control';

export interface DebuggerServiceDeps {
  /** The flow's id and document, only when it belongs to the workspace. */
  findFlow(workspaceId: string, flowId: string): Promise<{ id: string; data: unknown } | null>;
  executions: {
    find(workspaceId: string, executionId: string): Promise<ExecutionRow | null>;
    enqueue(request: ExecutionRequest): Promise<EnqueuedExecution>;
  };
  /** The flows' debug sessions, in this process or across the processes. */
  debug: DebugControl;
}

const m = messages.debugger;

/** The debugger API (spec 1 §4 Debug): every call 404s for a flow of another workspace. */
export function createDebuggerService({ findFlow, executions, debug }: DebuggerServiceDeps) {
  const flowOf = async (workspaceId: string, flowId: string) => {
    const flow = await findFlow(workspaceId, flowId);
    if (!flow) throw notFound(messages.engine.flowNotFound, { kind: 'flow', id: flowId });
    return flow;
  };

  return {
    async start(workspaceId: string, flowId: string) {
      await flowOf(workspaceId, flowId);
      return debug.start(workspaceId, flowId);
    },

    async stop(workspaceId: string, flowId: string) {
      await flowOf(workspaceId, flowId);
      return debug.stop(workspaceId, flowId);
    },

    async nextStep(workspaceId: string, flowId: string) {
      // Continue calls this every 200 ms: the flow is read only when there is no session.
      if (!(await debug.isActive(workspaceId, flowId))) await flowOf(workspaceId, flowId);
      const { outcome, state } = await debug.nextStep(workspaceId, flowId);
      if (outcome === 'no-session') throw invalidField('flow', m.notActive);
      if (outcome === 'nothing-held') throw invalidField('flow', m.nothingHeld);
      return state;
    },

    /** 'Reexecutar no debug': the flow's debug on, the past trigger message enqueued again. */
    async rerun(workspaceId: string, executionId: string): Promise<string> {
      const past = await executions.find(workspaceId, executionId);
      if (!past) throw notFound(m.executionNotFound, { kind: 'execution', id: executionId });
      if (past.personalDataMasked) throw maskedRerun();
      if (!past.triggerMsg) throw invalidField('execution_id', m.messageNotKept);
      const flow = await flowOf(workspaceId, past.flowId);
      const nodes = (flow.data as FlowDocument).nodes;
      if (!nodes.some((node) => node.uid === past.triggerNodeUid))
        throw invalidField('execution_id', m.triggerGone);
      await debug.start(workspaceId, past.flowId);
      const { execution_id } = await executions.enqueue({
        workspaceId,
        flowId: past.flowId,
        triggerNodeUid: past.triggerNodeUid,
        msg: past.triggerMsg,
      });
      return execution_id;
    },
  };
}

export type DebuggerService = ReturnType<typeof createDebuggerService>;
