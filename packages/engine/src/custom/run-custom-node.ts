import type { NodeRunContext } from '../kit/context';
import type { NodeResult } from '../kit/message';
import type { StoredCustomNode } from './custom-node';

/**
 * Runs a connector's handler in the sandbox (docs/adr/0041): `handler(msg, params)` with the
 * code node's helpers, limits and network guard, plus `serviceAccount(name)` for the accounts
 * the flow chose in the node's service-account params.
 */
export function runCustomNode(
  node: StoredCustomNode,
  ctx: NodeRunContext<Record<string, unknown>>,
): Promise<NodeResult> {
  void node;
  void ctx;
  throw new Error('not built yet');
}
