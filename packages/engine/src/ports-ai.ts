import type { ExecutionScope } from './execution-scope';

/**
 * The ports of the AI nodes (re-exported by `ports.ts`): the agents' memory (docs/adr/0099),
 * approvals of their tools (docs/adr/0100) and the tokens they spend (docs/adr/0101).
 */

/** One remembered turn of an agent's conversation. */
export interface AgentMemoryTurn {
  role: 'user' | 'assistant';
  text: string;
}

/**
 * The conversations of the 'Agente de IA' nodes (docs/adr/0099), kept in the workspace by key:
 * any flow of the workspace using the same key continues the same conversation.
 */
export interface AgentMemoryPort {
  /** The last `window` turns of conversation `key`, oldest first; expired turns are gone. */
  load(
    scope: ExecutionScope,
    key: string,
    window: number,
    signal: AbortSignal,
  ): Promise<AgentMemoryTurn[]>;
  /** Adds turns; the whole conversation is forgotten `retentionDays` after its last turn. */
  append(
    scope: ExecutionScope,
    key: string,
    turns: AgentMemoryTurn[],
    retentionDays: number,
    signal: AbortSignal,
  ): Promise<void>;
}

/** A tool call an agent waits on a person for (docs/adr/0100). */
export interface ApprovalRequest {
  /** The agent node that asks. */
  nodeUid: string;
  tool: { name: string; label: string; kind: 'node' | 'flow' | 'mcp' };
  /** The values the tool will run with (unmasked). */
  arguments: unknown;
  /** What the model wrote before asking (unmasked). */
  modelText: string;
  /** The message the agent node received: it gets it again when the execution resumes. */
  input: unknown;
  /** The execution's flow data when it asked: given back on resume. */
  flowData: Record<string, unknown>;
  /** The agent's own state, given back as it was on resume (`ctx.resumed.state`). */
  state: unknown;
}

/**
 * Approvals of risky tool calls (docs/adr/0100): a request is kept until a person approves or
 * rejects it (in /monitoring/active or by its link); the execution then resumes at the agent
 * node with the decision.
 */
export interface ApprovalsPort {
  /** Keeps the request: its id and the link that decides it without a session. */
  request(
    scope: ExecutionScope,
    request: ApprovalRequest,
    signal: AbortSignal,
  ): Promise<{ id: string; url: string }>;
}

/** What a node resumed after an approval gets in `ctx.resumed`. */
export interface ApprovalDecision {
  approvalId: string;
  decision: 'approved' | 'rejected';
  /** The reason given with a rejection, or null. */
  reason: string | null;
  /** Who decided: a member's name, or 'Link de aprovação'. */
  decidedBy: string;
  /** What the node kept in `ApprovalRequest.state`. */
  state: unknown;
}

/** The tokens of one model answer, as the AI nodes count them (docs/adr/0101). */
export interface AiTokenUse {
  /** `openai`, `anthropic` or `gemini`. */
  provider: string;
  /** The model that answered, as the provider names it. */
  model: string;
  entrada: number;
  saida: number;
}

/**
 * A workspace's AI spending (docs/adr/0101): every model call of the AI nodes passes `check`
 * before it is sent and `record` once it answered. Months are São Paulo's.
 */
export interface AiUsagePort {
  /**
   * Resolves when the scope's workspace may call a model; rejects with an `AiBudgetSpentError`
   * (pt-BR, naming the budget and the month) when its monthly budget is spent.
   */
  check(scope: ExecutionScope, signal: AbortSignal): Promise<void>;
  /** Counts an answer's tokens for the workspace, the execution and the flow. */
  record(scope: ExecutionScope, use: AiTokenUse, signal: AbortSignal): Promise<void>;
}

/** The refusal of `AiUsagePort.check`: not a failure of the model, so no fallback is tried. */
export class AiBudgetSpentError extends Error {
  override name = 'AiBudgetSpentError';
}
