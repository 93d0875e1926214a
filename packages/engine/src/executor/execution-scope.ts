import type { AgentToolbox } from '../kit/agent-tools';
import { createFlowData } from '../kit/flow-data';
import { chainedPorts } from './chained-ports';
import type { ExecuteOptions, ExecutorDeps } from './execute-options';
import { holidaysOnce } from './holidays-once';
import { createLogBudget } from './log-budget';
import type { ExecutionScopeData } from './node-context';

/** The flow data an execution starts with: a resumed part's, as it was (a copy), else none. */
function startingFlowData(options: ExecuteOptions): Record<string, unknown> {
  const saved = options.resume?.flowData ?? options.retries?.flowData;
  return saved ? structuredClone(saved) : {};
}

/** What the scope needs of its execution (`Execution` in execution.ts). */
export interface ScopeHost extends Pick<ExecutionScopeData, 'emit' | 'watched' | 'stateOf'> {
  /** Ended before it started (refused, aborted): the variables are not read. */
  ended: boolean;
  agentTools(uid: string): AgentToolbox;
}

/**
 * What every node of one execution shares, made once when it starts: its scope, ports, flow
 * data, variables (the port's, then the flow's own over them), log budget and hooks.
 */
export async function createExecutionScope(
  deps: ExecutorDeps,
  options: ExecuteOptions,
  signal: AbortSignal,
  host: ScopeHost,
): Promise<ExecutionScopeData> {
  const chainDepth = options.chainDepth ?? 0;
  const scope = {
    workspaceId: options.workspaceId,
    flowId: options.flowId,
    executionId: options.executionId,
    ...(chainDepth ? { chainDepth } : {}),
  };
  const flowVariables: Record<string, string> = {};
  for (const { key, value } of options.flowVariables ?? []) flowVariables[key] = value;
  const vars = host.ended
    ? {}
    : { ...(await deps.ports.variables.all(scope, signal)), ...flowVariables };
  return {
    scope,
    ports: chainedPorts(deps.ports, chainDepth, options.flows),
    sandbox: deps.sandbox,
    flow: createFlowData(startingFlowData(options)),
    logs: createLogBudget(),
    vars,
    holidays: holidaysOnce(deps.ports.holidays, scope, signal),
    flowVariables,
    varsReader: {
      get: async (key) =>
        flowVariables[key] ?? (await deps.ports.variables.get(scope, key, signal)),
    },
    signal,
    timers: deps.timers,
    ...(options.respond ? { respond: options.respond } : {}),
    emit: host.emit,
    watched: host.watched,
    stateOf: host.stateOf,
    ...(options.flow.nodes.some((node) => node.agentTool) ? { agentTools: host.agentTools } : {}),
    ...(options.resume
      ? { resumed: { nodeUid: options.resume.nodeUid, value: options.resume.value } }
      : {}),
  };
}
