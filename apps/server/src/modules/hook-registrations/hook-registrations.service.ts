import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Engine } from '@ponte/engine/engine';
import { errorCodes } from '@ponte/shared/errors';
import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import {
  createHookRegistrationsRepository,
  type HookRegistrationRow,
} from './hook-registrations.repository';

/** A flow as a save finds it (`before`) or leaves it (`after`). */
export interface FlowState {
  enabled: boolean;
  data: unknown;
}

/** What a save does once its row is written (`done`) or when it failed after `prepare` (`undo`). */
export interface PreparedRegistrations {
  done(): Promise<void>;
  undo(): Promise<void>;
}

export interface HookRegistrationsDeps {
  db: Database;
  box: SecretBox;
  now: () => Date;
  engine: Pick<Engine, 'registry' | 'subscribeHook' | 'unsubscribeHook'>;
  /**
   * A removal the service refused (or a changed node not registered again after a refused
   * save): logged, never in the way of a disable or a delete.
   */
  onError: (error: unknown, context: { flowId: string; nodeUid: string; step: string }) => void;
  /** How long a call to the service may take. */
  timeoutMs?: number;
}

/** The parts of a node its registration depends on: another value is another registration. */
const identity = (node: FlowNode) => ({
  type: node.type,
  typeVersion: node.typeVersion,
  params: node.params,
});

/** The flow's enabled nodes whose trigger registers its address, when the flow is enabled. */
function registering(
  engine: HookRegistrationsDeps['engine'],
  state: FlowState | null,
): Map<string, FlowNode> {
  if (!state?.enabled) return new Map();
  const nodes = ((state.data as FlowDocument | null)?.nodes ?? []).filter(
    (node) => !node.disabled && engine.registry.get(node.type, node.typeVersion)?.hookSubscriptions,
  );
  return new Map(nodes.map((node) => [node.uid, node]));
}

/** What the engine needs to register a node, or remove its registration. */
const requestOf = (workspaceId: string, flowId: string, node: FlowNode, base: string) => ({
  workspaceId,
  flowId,
  type: node.type,
  version: node.typeVersion,
  accountId: String(node.params.service_account ?? ''),
  params: node.params,
  address: `${base}/engine/hooks/${flowId}/${node.uid}`,
});

/**
 * Which registrations a save keeps (same node, same account, flow enabled before), removes
 * (`stale`: the node is no longer wanted) and makes again (`replaced`: the node changed).
 */
function plan(
  rows: HookRegistrationRow[],
  wanted: Map<string, FlowNode>,
  previous: Map<string, FlowNode>,
  wasEnabled: boolean,
) {
  const kept = new Set<string>();
  const stale: HookRegistrationRow[] = [];
  const replaced: HookRegistrationRow[] = [];
  for (const row of rows) {
    const node = wanted.get(row.nodeUid);
    const old = previous.get(row.nodeUid);
    const same = node && old && wasEnabled && isDeepStrictEqual(identity(node), identity(old));
    if (same && row.accountId === String(node.params.service_account)) kept.add(row.nodeUid);
    else (node ? replaced : stale).push(row);
  }
  return { kept, stale, replaced };
}

/**
 * The registrations of service triggers' addresses at their services (docs/adr/0091): a save
 * that enables a flow, or changes a registered node of an enabled one, registers each such node
 * before the flow is written, and a failure refuses the save with the service's reason (the
 * registrations it made are undone). Registrations the save makes stale (a disabled or deleted
 * flow, a removed or changed node) are removed; a removal the service refuses is logged and
 * forgotten.
 */
export function createHookRegistrations(deps: HookRegistrationsDeps) {
  const { engine, box } = deps;
  const repository = createHookRegistrationsRepository(deps.db);
  const signal = () => AbortSignal.timeout(deps.timeoutMs ?? 30_000);

  async function subscribe(workspaceId: string, flowId: string, node: FlowNode, base: string) {
    const secret = randomBytes(32).toString('hex');
    const call = { ...requestOf(workspaceId, flowId, node, base), signal: signal() };
    const serviceId = await engine.subscribeHook({ ...call, secret });
    await repository.save({
      flowId,
      nodeUid: node.uid,
      workspaceId,
      accountId: call.accountId,
      serviceId,
      address: call.address,
      secretBlob: box.encrypt(secret),
      createdAt: deps.now(),
    });
  }

  /** Removes a registration at the service (a refusal logged) and then its row. */
  async function unsubscribe(row: HookRegistrationRow, node: FlowNode | undefined, base: string) {
    try {
      if (!node) throw new Error('O nó do gatilho não está mais no flow salvo.');
      const call = { ...requestOf(row.workspaceId, row.flowId, node, base), signal: signal() };
      await engine.unsubscribeHook(
        { ...call, accountId: row.accountId, secret: '' },
        row.serviceId,
      );
    } catch (error) {
      deps.onError(error, { flowId: row.flowId, nodeUid: row.nodeUid, step: 'remoção' });
    }
    await repository.remove(row.flowId, row.nodeUid);
  }

  return {
    /**
     * Registers what the save needs before its row is written; throws the pt-BR refusal (400)
     * when the service refuses one, having undone the others. `base` is the public address.
     */
    async prepare(
      workspaceId: string,
      flowId: string,
      before: FlowState | null,
      after: FlowState | null,
      base: string,
    ): Promise<PreparedRegistrations> {
      const wanted = registering(engine, after);
      // Whatever the flow's state before: a node is compared with what it was.
      const previous = registering(engine, before && { ...before, enabled: true });
      const { kept, stale, replaced } = plan(
        await repository.ofFlow(flowId),
        wanted,
        previous,
        before?.enabled === true,
      );
      // A changed node is removed before it is registered again: a service with one address per
      // account (Telegram) would lose the new registration to the old one's removal.
      for (const row of replaced) await unsubscribe(row, previous.get(row.nodeUid), base);
      const created: FlowNode[] = [];
      const undo = async () => {
        for (const node of created) {
          const row = await repository.find(flowId, node.uid);
          if (row) await unsubscribe(row, node, base);
        }
      };
      for (const node of wanted.values()) {
        if (kept.has(node.uid)) continue;
        try {
          await subscribe(workspaceId, flowId, node, base);
          created.push(node);
        } catch (error) {
          await undo();
          // The changed nodes registered again as they were (best effort).
          for (const row of replaced) {
            const old = previous.get(row.nodeUid);
            if (!old) continue;
            await subscribe(workspaceId, flowId, old, base).catch((failure: unknown) =>
              deps.onError(failure, { flowId, nodeUid: row.nodeUid, step: 'novo registro' }),
            );
          }
          const reason = error instanceof Error ? error.message : String(error);
          throw new AppError(
            400,
            errorCodes.hookRegistrationFailed,
            messages.flows.hookRegistrationFailed(node.label || node.uid, reason),
            [{ field: node.uid, message: reason }],
          );
        }
      }
      return {
        done: async () => {
          for (const row of stale) await unsubscribe(row, previous.get(row.nodeUid), base);
        },
        undo,
      };
    },

    /** The node's registration: its secret in clear and the address registered; undefined when none. */
    async registrationOf(
      flowId: string,
      nodeUid: string,
    ): Promise<{ secret: string; address?: string } | undefined> {
      const row = await repository.find(flowId, nodeUid);
      if (!row) return undefined;
      const secret = box.decrypt(row.secretBlob);
      return row.address ? { secret, address: row.address } : { secret };
    },

    /** Whether a delivery's event `key` is new for the node (a retry of it starts nothing). */
    claimEvent: (flowId: string, nodeUid: string, key: string) =>
      repository.claimEvent(flowId, nodeUid, key, deps.now()),
  };
}

export type HookRegistrations = ReturnType<typeof createHookRegistrations>;
