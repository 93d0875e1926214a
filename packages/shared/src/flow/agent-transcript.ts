/**
 * What an 'Agente de IA' node records in `msg.agent` (docs/ai.md): every model call and every
 * tool call, in order, with its time. Personal data appears as the flow saw it (unmasked); what
 * was masked is counted in `masked`, never mapped.
 */
export interface AgentModelEntry {
  type: 'model';
  /** 1 for the first call of this run. */
  step: number;
  model: string;
  /** Set when the fallback model answered because the main one failed. */
  fallback?: boolean;
  /** The model's text (may be empty when it only asked for tools). */
  text: string;
  /** The tools it asked for in this answer, by call id. */
  tool_calls: { id: string; name: string }[];
  tokens: { entrada: number; saida: number };
  duration_ms: number;
}

export interface AgentToolEntry {
  type: 'tool';
  /** The call id the model gave. */
  id: string;
  /** The name the model saw. */
  name: string;
  /** What kind of tool ran: a node of the flow, another flow, an MCP server's tool. */
  kind: 'node' | 'flow' | 'mcp';
  /** The node of the flow that ran it (node and flow tools). */
  node_uid?: string;
  input: unknown;
  output?: unknown;
  /** The failure told to the model instead of an output. */
  error?: string;
  /** The tool required approval (docs/adr/0100): who decided, and why when rejected. */
  approval?: { decision: 'approved' | 'rejected'; by: string; reason?: string };
  duration_ms: number;
}

export type AgentTranscriptEntry = AgentModelEntry | AgentToolEntry;

export interface AgentRunData {
  model: string;
  provider: string;
  /** Model calls made (the run's steps). */
  steps: number;
  tokens: { entrada: number; saida: number };
  masked: Record<string, number>;
  /** The conversation key when memory is on. */
  conversation?: string;
  transcript: AgentTranscriptEntry[];
}
