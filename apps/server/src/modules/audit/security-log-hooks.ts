import type { SecurityHooks, ThrottledEvent } from '../../lib/security-hooks';
import type { SandboxKill } from '@ponte/engine/sandbox/sandbox';
import type { RecordSecurityEvent, SecurityEventInput } from './security-log.service';

/** A refusal of the webhook or chain limits (docs/adr/0020), as the security log keeps it. */
export function throttledEvent(event: ThrottledEvent): SecurityEventInput {
  if (event.kind === 'webhook_rate_limit') {
    const by = event.limit === 'address' ? 'por endereço' : 'do flow';
    return {
      kind: 'throttled',
      workspaceId: event.workspaceId ?? null,
      resource: `webhook:${event.flowId}`,
      detail: `Limite de chamadas ${by} ao webhook atingido (IP ${event.address}); nova tentativa em ${event.retryAfterSeconds} s.`,
    };
  }
  return {
    kind: 'throttled',
    workspaceId: event.workspaceId,
    resource: `flow:${event.flowId}`,
    detail: `Flows que se iniciam em cadeia passaram do limite (${event.chainDepth} de ${event.limit}); a execução ${event.executionId} foi recusada.`,
  };
}

/** A code node killed for its time or memory, as the security log keeps it. */
export function sandboxKillEvent(kill: SandboxKill): SecurityEventInput {
  return {
    kind: 'sandbox_killed',
    workspaceId: kill.scope.workspaceId,
    resource: `flow:${kill.scope.flowId}`,
    detail: `${kill.message} (execução ${kill.scope.executionId})`,
  };
}

/** The app's security hooks: each event goes to the security log, then to `also` if given. */
export function securityLogHooks(record: RecordSecurityEvent, also?: SecurityHooks): SecurityHooks {
  return {
    onThrottled(event) {
      record(throttledEvent(event));
      also?.onThrottled?.(event);
    },
    onSandboxKilled(kill) {
      record(sandboxKillEvent(kill));
      also?.onSandboxKilled?.(kill);
    },
  };
}
