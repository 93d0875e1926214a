import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import type { Message, NodeEmission } from './message';

/** A node of the flow marked 'Ferramenta do agente' (docs/adr/0099), as an agent sees it. */
export interface AgentToolNode {
  uid: string;
  type: string;
  /** The node's name on the canvas (its label, else its type's). */
  label: string;
  /** What the person wrote for the model. */
  description: string;
  /** The params the model fills, with their specs; the others keep the node's own values. */
  params: Record<string, ParamSpec>;
  /** 'Requer aprovação': each call waits for a person (docs/adr/0100). */
  approval?: boolean;
  /** The node's own values (a sub-flow tool reads which flow it calls). */
  values: Record<string, unknown>;
}

/** The tool nodes of the running flow, given by the executor to every node of a flow that has them. */
export interface AgentToolbox {
  readonly nodes: readonly AgentToolNode[];
  /**
   * Runs a tool node on `input` with `values` as its params' values, taken as data (never
   * templates); the node's own other params are resolved as usual. Its run is shown and
   * counted as any node's; a failure rejects with the node's message.
   */
  run(uid: string, values: Record<string, unknown>, input: Message): Promise<NodeEmission[]>;
}
