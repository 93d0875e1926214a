import { describe, expect, it } from 'vitest';
import type { SandboxKill } from '@ponte/engine/sandbox/sandbox';
import type { ThrottledEvent } from '../../lib/security-hooks';
import { securityLogHooks } from './security-log-hooks';
import type { SecurityEventInput } from './security-log.service';

describe('security log hooks', () => {
  it('records webhook and chain refusals and sandbox kills, and still calls the given hooks', () => {
    const recorded: SecurityEventInput[] = [];
    const heard: unknown[] = [];
    const hooks = securityLogHooks((event) => recorded.push(event), {
      onThrottled: (event) => heard.push(event),
      onSandboxKilled: (kill) => heard.push(kill),
    });
    const webhook: ThrottledEvent = {
      kind: 'webhook_rate_limit',
      limit: 'address',
      address: '10.0.0.7',
      flowId: 'f1',
      retryAfterSeconds: 3,
    };
    const chainLimit: ThrottledEvent = {
      kind: 'flow_chain_limit',
      workspaceId: 'w1',
      flowId: 'f2',
      executionId: 'e2',
      chainDepth: 9,
      limit: 8,
    };
    const kill: SandboxKill = {
      scope: { workspaceId: 'w1', flowId: 'f3', executionId: 'e3' },
      reason: 'memory',
      message: 'O código excedeu o limite de memória de 128 MB.',
    };
    hooks.onThrottled!(webhook);
    hooks.onThrottled!(chainLimit);
    hooks.onSandboxKilled!(kill);

    expect(recorded).toEqual([
      {
        kind: 'throttled',
        workspaceId: null,
        resource: 'webhook:f1',
        detail:
          'Limite de chamadas por endereço ao webhook atingido (IP 10.0.0.7); nova tentativa em 3 s.',
      },
      {
        kind: 'throttled',
        workspaceId: 'w1',
        resource: 'flow:f2',
        detail:
          'Flows que se iniciam em cadeia passaram do limite (9 de 8); a execução e2 foi recusada.',
      },
      {
        kind: 'sandbox_killed',
        workspaceId: 'w1',
        resource: 'flow:f3',
        detail: 'O código excedeu o limite de memória de 128 MB. (execução e3)',
      },
    ]);
    expect(heard).toEqual([webhook, chainLimit, kill]);
  });
});
