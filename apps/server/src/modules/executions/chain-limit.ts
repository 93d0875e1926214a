import { randomUUID } from 'node:crypto';
import { messages } from '@ponte/shared/messages';
import type { ThrottledEvent } from '../../lib/security-hooks';
import type { LogWriter } from '../logs/log-writer';
import type { ExecutionsRepository } from './executions.repository';

/** Default of PONTE_FLOW_CHAIN_LIMIT: executions a chain may start one after another. */
export const defaultFlowChainLimit = 5;

/** An execution refused because its chain of flows went past the limit (webhook: 508). */
export class FlowChainLimitError extends Error {
  override name = 'FlowChainLimitError';

  constructor(
    message: string,
    readonly executionId: string,
  ) {
    super(message);
  }
}

export interface RefusedChain {
  workspaceId: string;
  flowId: string;
  triggerType: string;
  triggerNodeUid: string;
  chainDepth: number;
}

/**
 * Records the refusal where the flow's people look (an execution ended in error, with an
 * internal log line saying why), reports it, and gives the error the caller answers with.
 */
export async function refuseChain(
  deps: {
    repository: ExecutionsRepository;
    logs: Pick<LogWriter, 'write'>;
    now: () => Date;
    onThrottled?: (event: ThrottledEvent) => void;
  },
  refused: RefusedChain,
  limit: number,
): Promise<FlowChainLimitError> {
  const id = randomUUID();
  const at = deps.now();
  const message = messages.engine.flowChainLimit(limit);
  await deps.repository.create({
    id,
    workspaceId: refused.workspaceId,
    flowId: refused.flowId,
    triggerType: refused.triggerType,
    triggerNodeUid: refused.triggerNodeUid,
    status: 'error',
    queuedAt: at,
    startedAt: at,
    endedAt: at,
    durationMs: 0,
    steps: 0,
    error: { message },
    triggerMsg: null,
  });
  deps.logs.write({
    workspaceId: refused.workspaceId,
    flowId: refused.flowId,
    executionId: id,
    nodeUid: refused.triggerNodeUid,
    type: 'internal',
    label: 'Execução recusada',
    message,
    createdAt: at,
  });
  deps.onThrottled?.({
    kind: 'flow_chain_limit',
    workspaceId: refused.workspaceId,
    flowId: refused.flowId,
    executionId: id,
    chainDepth: refused.chainDepth,
    limit,
  });
  return new FlowChainLimitError(message, id);
}
