import { messages } from '@ponte/shared/messages';
import type { ExecutionResult } from '@ponte/engine/executor/events';
import type { Message } from '@ponte/engine/kit/message';
import type { FlowsPort } from '@ponte/engine/ports';
import { declaredInputsOf } from '@ponte/shared/flow/declared-inputs';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';

/** The called execution as the runner's `enqueue` answers it (execution-enqueue.ts). */
interface CalledExecution {
  execution_id: string;
  done: Promise<ExecutionResult>;
  giveUp(caller: { kind: 'flow' }): Promise<unknown>;
}

/**
 * What the flows port needs of the runner that builds it (its own `triggerOf` and `enqueue`;
 * named here, not imported, so this file depends on no other of the runner's).
 */
export interface SubflowRunner {
  /** The called flow's first enabled trigger of that type; a pt-BR error when it has none. */
  triggerOf(workspaceId: string, flowId: string, type: string): Promise<string>;
  /** The flow of the workspace (its name and document), or null. */
  loadFlow(workspaceId: string, flowId: string): Promise<{ name: string; data: unknown } | null>;
  enqueue(request: {
    workspaceId: string;
    flowId: string;
    triggerNodeUid: string;
    msg: Message;
    chainDepth: number;
    /** The caller waits for the answer. */
    awaited?: boolean;
  }): Promise<CalledExecution>;
}

/**
 * The called execution's result; when the calling flow is stopped first, it stops waiting at
 * once and gives the called execution up (docs/adr/0076): not started, it never will; running,
 * its flow's option decides whether it goes on. Giving up reads the database: when it is away
 * the called execution is left to end on its own (or with the process), and no rejection
 * escapes.
 */
function untilAborted(enqueued: CalledExecution, signal: AbortSignal): Promise<ExecutionResult> {
  return new Promise<ExecutionResult>((resolve, reject) => {
    const onAbort = () => {
      void enqueued.giveUp({ kind: 'flow' }).catch(() => undefined);
      reject(signal.reason as Error);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    enqueued.done.then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * The engine's flows port of the runner's executions (`core_execute_flow`): the called flow
 * runs through `runner.enqueue` at its `core_flow_trigger`, one level deeper in the chain
 * (docs/adr/0020), with the caller in `msg.caller`. The runner gives it to every execution it
 * runs (`ExecuteOptions.flows`), debug runs included, so the engine is built without it. A
 * call whose signal is already aborted starts nothing.
 */
export function createSubflowPort(runner: SubflowRunner): FlowsPort {
  return {
    async describe(scope, flowId, signal) {
      signal.throwIfAborted();
      const flow = await runner.loadFlow(scope.workspaceId, flowId);
      if (!flow) return undefined;
      return { name: flow.name, inputs: declaredInputsOf(flow.data as FlowDocument) };
    },
    async execute(scope, request) {
      request.signal.throwIfAborted();
      const target = await runner.triggerOf(scope.workspaceId, request.flowId, 'core_flow_trigger');
      request.signal.throwIfAborted();
      const enqueued = await runner.enqueue({
        workspaceId: scope.workspaceId,
        flowId: request.flowId,
        triggerNodeUid: target,
        msg: {
          payload: request.payload,
          caller: { flow_id: scope.flowId, execution_id: scope.executionId },
        },
        // A flow that calls itself (or one that calls it back) ends at the chain limit.
        chainDepth: (scope.chainDepth ?? 0) + 1,
        ...(request.wait ? { awaited: true } : {}),
      });
      if (!request.wait) return { execution_id: enqueued.execution_id };
      const result = await untilAborted(enqueued, request.signal);
      if (result.status === 'waiting') throw new Error(messages.agent.executionWaiting);
      if (result.status !== 'success') {
        throw new Error(
          `O flow chamado terminou com ${result.status === 'error' ? 'erro' : 'status ' + result.status}: ${result.error?.message ?? ''}`.trim(),
        );
      }
      return { execution_id: enqueued.execution_id, msg: result.lastMessage };
    },
  };
}
