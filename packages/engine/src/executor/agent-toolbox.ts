import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { AgentToolbox, AgentToolNode } from '../kit/agent-tools';
import { emissions } from '../kit/message';
import type { NodeRegistry } from '../kit/registry';
import { runRecord } from './capture';
import type { EngineEvent, NodeRunRecord } from './events';
import { buildNodeContext, type ExecutionScopeData } from './node-context';
import { definitionOf, labelOf } from './refusal';

/** The flow's nodes marked 'Ferramenta do agente' whose type the engine knows (docs/adr/0099). */
export function toolNodes(nodes: Iterable<FlowNode>, registry: NodeRegistry): AgentToolNode[] {
  const tools: AgentToolNode[] = [];
  for (const node of nodes) {
    const definition = node.agentTool && !node.disabled && definitionOf(registry, node);
    if (!definition || !node.agentTool) continue;
    const specs = definition.manifest.params;
    const params = Object.fromEntries(
      node.agentTool.params
        // A model never picks a credential of the workspace (the validator refuses it too).
        .filter((name) => specs[name] && specs[name].type !== 'service_account')
        .map((name) => [name, specs[name]!]),
    );
    tools.push({
      uid: node.uid,
      type: node.type,
      label: labelOf(node),
      description: node.agentTool.description,
      params,
      ...(node.agentTool.approval ? { approval: true } : {}),
      values: node.params,
    });
  }
  return tools;
}

/** What a toolbox needs of its execution. */
export interface ToolboxExecution {
  nodes: ReadonlyMap<string, FlowNode>;
  registry: NodeRegistry;
  shared: ExecutionScopeData;
  capture: ((record: NodeRunRecord) => void) | undefined;
  now(): number;
  /** An event of the execution (its base fields added by the execution). */
  emit(event: Record<string, unknown>): void;
  /** Counts a step: null, or the message of the limit it passed (the execution then ends). */
  step(): string | null;
}

type NodeEventOf<T extends EngineEvent['type']> = Omit<
  Extract<EngineEvent, { type: T }>,
  'execution_id' | 'flow_id' | 'timestamp'
>;

/**
 * The tool nodes as the node `caller` calls them, never itself. A tool runs as any node does
 * for the debugger and monitoring (started, finished or failed, captured), on a copy of the
 * agent's message, with the model's values as data; its failure goes back to the agent, which
 * tells the model, so it is `handled`.
 */
export function createAgentToolbox(
  caller: string,
  tools: AgentToolNode[],
  execution: ToolboxExecution,
): AgentToolbox {
  const nodes = tools.filter((tool) => tool.uid !== caller);
  const emit = <T extends EngineEvent['type']>(event: NodeEventOf<T>) => execution.emit(event);
  return {
    nodes,
    async run(uid, values, given) {
      const node = execution.nodes.get(uid);
      const definition = node && definitionOf(execution.registry, node);
      if (!node || !definition || !nodes.some((tool) => tool.uid === uid)) {
        throw new Error(`O conector ${uid} não é uma ferramenta deste agente.`);
      }
      const limit = execution.step();
      if (limit) throw new Error(limit);
      // A copy: a tool node that changes its message must not change the agent's.
      const input = structuredClone(given);
      const info = { node_uid: node.uid, node_type: node.type };
      const json = execution.capture ? (JSON.stringify(input) ?? '') : undefined;
      // For the live view only: built while someone watches (docs/adr/0128).
      if (execution.shared.watched()) emit<'node_started'>({ type: 'node_started', ...info });
      const started = execution.now();
      try {
        const ctx = await buildNodeContext(
          execution.shared,
          node,
          definition,
          input,
          [],
          undefined,
          { literal: values },
        );
        const sent = emissions(await definition.run(ctx));
        const jsons = sent.map(({ msg }) => JSON.stringify(msg) ?? '');
        const duration_ms = execution.now() - started;
        emit<'node_finished'>({
          type: 'node_finished',
          ...info,
          duration_ms,
          output_size: jsons.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
          outputs: sent.map(({ output }) => output),
        });
        execution.capture?.(runRecord(node, json, sent, jsons, duration_ms));
        return sent;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const duration_ms = execution.now() - started;
        emit<'node_failed'>({
          type: 'node_failed',
          ...info,
          duration_ms,
          error: { message, node_uid: node.uid },
          handled: true,
        });
        execution.capture?.(runRecord(node, json, [], [], duration_ms, { error: { message } }));
        throw error;
      }
    },
  };
}
