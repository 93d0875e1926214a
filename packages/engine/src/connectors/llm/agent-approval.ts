import type { AgentTranscriptEntry } from '@ponte/shared/flow/agent-transcript';
import {
  createPersonalDataMasker,
  type PersonalDataMasker,
  type PersonalDataMaskerState,
} from '@ponte/shared/brazil/personal-data';
import { messages } from '@ponte/shared/messages';
import type { NodeRunContext } from '../../kit/context';
import { SuspendExecution } from '../../kit/suspend-execution';
import type { ApprovalDecision } from '../../ports';
import type { AgentTool } from './agent-tools';
import type { ChatTurn, ToolCall, ToolResult } from './llm-providers';

const m = messages.agent;

/** Where an agent's conversation stands: kept across a wait for a person. */
export interface AgentLoop {
  /** As sent to the model (masked). */
  turns: ChatTurn[];
  transcript: AgentTranscriptEntry[];
  tokens: { entrada: number; saida: number };
  /** Model calls made so far. */
  step: number;
  usedFallback: boolean;
  lastModel: string;
  /** The agent's own time before this run (a wait for a person does not count). */
  spentMs: number;
}

/** The tool calls of the model's last answer: those done, and the one waiting for a person. */
export interface PendingCalls {
  calls: ToolCall[];
  results: ToolResult[];
}

/** What the agent keeps with an approval request, given back when it resumes. */
interface AgentCheckpoint {
  version: 1;
  loop: AgentLoop;
  pending: PendingCalls;
  /** The call the decision is about. */
  callId: string;
  masker: PersonalDataMaskerState | null;
}

/** The decision a resumed agent continues with, and where it stood. */
export interface Resumption {
  loop: AgentLoop;
  pending: PendingCalls;
  decision: { callId: string; approved: boolean; by: string; reason: string | null };
  masker: PersonalDataMasker | null;
}

function isCheckpoint(state: unknown): state is AgentCheckpoint {
  const checkpoint = state as Partial<AgentCheckpoint> | null;
  return Boolean(checkpoint && checkpoint.version === 1 && checkpoint.loop && checkpoint.pending);
}

/** The run's resumption after a person decided (null on a first run). */
export function resumptionOf(ctx: NodeRunContext<Record<string, unknown>>): Resumption | null {
  if (ctx.resumed === undefined) return null;
  const decided = ctx.resumed as ApprovalDecision;
  if (!isCheckpoint(decided.state)) throw new Error(m.resumeUnreadable);
  const { loop, pending, callId, masker } = decided.state;
  return {
    loop,
    pending,
    decision: {
      callId,
      approved: decided.decision === 'approved',
      by: decided.decidedBy,
      reason: decided.reason,
    },
    masker: masker ? createPersonalDataMasker(undefined, masker) : null,
  };
}

/**
 * Keeps the agent's state with an approval request and suspends the execution: the node sends
 * the request on its 'Aprovação pedida' output (so the flow can send the link on), and the
 * execution ends `waiting` until a person decides.
 */
export async function suspendForApproval(
  ctx: NodeRunContext<Record<string, unknown>>,
  tool: AgentTool,
  call: ToolCall,
  state: { loop: AgentLoop; pending: PendingCalls; masker: PersonalDataMasker | null },
  label: string,
): Promise<never> {
  const { input, ports, scope, signal, log } = ctx;
  const { masker, loop } = state;
  const args = masker ? masker.unmaskValue(call.args) : call.args;
  const lastModel = [...loop.transcript].reverse().find((entry) => entry.type === 'model');
  const checkpoint: AgentCheckpoint = {
    version: 1,
    loop,
    pending: state.pending,
    callId: call.id,
    masker: masker ? masker.state() : null,
  };
  const { id, url } = await ports.approvals.request(
    scope,
    {
      nodeUid: ctx.node.uid,
      tool: { name: call.name, label: tool.label, kind: tool.kind },
      arguments: args,
      modelText: lastModel?.type === 'model' ? lastModel.text : '',
      input,
      flowData: ctx.flow.snapshot(),
      state: checkpoint,
    },
    signal,
  );
  log.user(label, m.approvalAsked(tool.label, url));
  const approval = { id, url, tool: tool.label, arguments: args };
  throw new SuspendExecution(m.waitingApproval(tool.label), [
    { output: 'approval', msg: { ...input, approval } },
  ]);
}
