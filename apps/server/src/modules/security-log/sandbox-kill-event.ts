import type { SandboxKill } from '@ponte/engine/sandbox/sandbox';
import type { SecurityEventInput } from './security-log.service';

/** A code node stopped by force (timeout, memory, abort), as the security log keeps it. */
export function sandboxKillEvent(kill: SandboxKill): SecurityEventInput {
  const origin = kill.origin;
  const where = origin ? ` (conector ${origin.nodeUid}, execução ${origin.executionId})` : '';
  return {
    kind: 'sandbox_killed',
    workspaceId: origin?.workspaceId ?? null,
    resource: origin ? `flow:${origin.flowId}` : 'sandbox',
    detail: `${kill.message}${where}`,
  };
}
