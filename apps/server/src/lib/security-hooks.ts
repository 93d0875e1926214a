import type { SandboxKill } from '@ponte/engine/sandbox/sandbox';

/** A request or execution refused by a limit that protects the other workspaces. */
export type ThrottledEvent =
  | {
      kind: 'webhook_rate_limit';
      /** Which bucket ran out: the caller's address, or the flow's (any caller). */
      limit: 'address' | 'flow';
      address: string;
      flowId: string;
      /** Known once the flow's webhook was found (not for the address limit). */
      workspaceId?: string;
      retryAfterSeconds: number;
    }
  | {
      kind: 'flow_chain_limit';
      workspaceId: string;
      flowId: string;
      /** The refused execution, recorded as an error with the log line that explains it. */
      executionId: string;
      chainDepth: number;
      limit: number;
    };

/**
 * The points where the server refuses or kills something to keep one workspace from hurting
 * another (docs/adr/0020). Each is called from one place only; app wiring hands them to the
 * security log.
 */
export interface SecurityHooks {
  onThrottled?(event: ThrottledEvent): void;
  onSandboxKilled?(kill: SandboxKill): void;
}
