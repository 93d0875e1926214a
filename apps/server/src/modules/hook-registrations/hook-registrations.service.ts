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

/** A delivery's event key claimed for its node; `release` gives it back. */
export interface EventClaim {
  release(): Promise<void>;
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

/** The address a node's deliveries come to, under the public address `base`. */
const addressOf = (base: string, flowId: string, nodeUid: string) =>
  `${base}/engine/hooks/${flowId}/${nodeUid}`;

/** What the engine needs to register a node at `address`, or remove its registration there. */
const requestOf = (workspaceId: string, flowId: string, node: FlowNode, address: string) => ({
  workspaceId,
  flowId,
  type: node.type,
  version: node.typeVersion,
  accountId: String(node.params.service_account ?? ''),
  params: node.params,
  address,
});

/**
 * Which registrations a save keeps (same node, same account, same address, flow enabled
 * before), removes (`stale`: the node is no longer wanted) and makes again (`replaced`: the node
 * or the public address changed). Without a public address, the address is not compared.
 */
function plan(
  rows: HookRegistrationRow[],
  [wanted, previous]: [Map<string, FlowNode>, Map<string, FlowNode>],
  wasEnabled: boolean,
  base: string | null,
) {
  const kept = new Set<string>();
  const stale: HookRegistrationRow[] = [];
  const replaced: HookRegistrationRow[] = [];
  for (const row of rows) {
    const node = wanted.get(row.nodeUid);
    const old = previous.get(row.nodeUid);
    const same = node && old && wasEnabled && isDeepStrictEqual(identity(node), identity(old));
    const here = base === null || row.address === addressOf(base, row.flowId, row.nodeUid);
    if (same && here && row.accountId === String(node.params.service_account)) {
      kept.add(row.nodeUid);
    } else (node ? replaced : stale).push(row);
  }
  return { kept, stale, replaced };
}

/** A refusal of the save, naming the node, with the reason in the node's field. */
function refusal(node: FlowNode, reason: string) {
  return new AppError(
    400,
    errorCodes.hookRegistrationFailed,
    messages.flows.hookRegistrationFailed(node.label || node.uid, reason),
    [{ field: node.uid, message: reason }],
  );
}

/** The calls to the services, each followed by the row that records it. */
function registrationCalls(
  deps: HookRegistrationsDeps,
  repository: ReturnType<typeof createHookRegistrationsRepository>,
) {
  const { engine, box } = deps;
  const signal = () => AbortSignal.timeout(deps.timeoutMs ?? 30_000);

  async function subscribe(workspaceId: string, flowId: string, node: FlowNode, base: string) {
    const secret = randomBytes(32).toString('hex');
    const address = addressOf(base, flowId, node.uid);
    const call = { ...requestOf(workspaceId, flowId, node, address), signal: signal() };
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

  /** Removes a registration at the service, where it was made (a refusal logged), then its row. */
  async function unsubscribe(row: HookRegistrationRow, node: FlowNode | undefined) {
    try {
      if (!node) throw new Error('O nó do gatilho não está mais no flow salvo.');
      const address = row.address ?? '';
      const call = { ...requestOf(row.workspaceId, row.flowId, node, address), signal: signal() };
      await engine.unsubscribeHook(
        { ...call, accountId: row.accountId, secret: '' },
        row.serviceId,
      );
    } catch (error) {
      deps.onError(error, { flowId: row.flowId, nodeUid: row.nodeUid, step: 'remoção' });
    }
    await repository.remove(row.flowId, row.nodeUid);
  }

  const removeAll = async (rows: HookRegistrationRow[], nodes: Map<string, FlowNode>) => {
    for (const row of rows) await unsubscribe(row, nodes.get(row.nodeUid));
  };
  return { subscribe, unsubscribe, removeAll };
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
  const { subscribe, unsubscribe, removeAll } = registrationCalls(deps, repository);

  return {
    /**
     * Registers what the save needs before its row is written; throws the pt-BR refusal (400)
     * when the service refuses one, having undone the others. `base` is the public address;
     * without one, a node that must be registered refuses the save.
     */
    async prepare(
      workspaceId: string,
      flowId: string,
      [before, after]: [FlowState | null, FlowState | null],
      base: string | null,
    ): Promise<PreparedRegistrations> {
      const wanted = registering(engine, after);
      // Whatever the flow's state before: a node is compared with what it was.
      const previous = registering(engine, before && { ...before, enabled: true });
      const rows = await repository.ofFlow(flowId);
      const { kept, stale, replaced } = plan(
        rows,
        [wanted, previous],
        before?.enabled === true,
        base,
      );
      const missing = [...wanted.values()].find((node) => !kept.has(node.uid));
      if (base === null) {
        if (missing) throw refusal(missing, messages.flows.hookAddressUnknown);
        return { done: async () => removeAll(stale, previous), undo: async () => {} };
      }
      // A changed node is removed before it is registered again: a service with one address per
      // account (Telegram) would lose the new registration to the old one's removal.
      await removeAll(replaced, previous);
      const created: FlowNode[] = [];
      const undo = async () => {
        for (const node of created) {
          const row = await repository.find(flowId, node.uid);
          if (row) await unsubscribe(row, node);
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
          throw refusal(node, error instanceof Error ? error.message : String(error));
        }
      }
      return { done: async () => removeAll(stale, previous), undo };
    },

    /**
     * After the public address changed (PONTE_PUBLIC_URL): each registration made at another
     * address is made again at `base`'s, the old one removed first. A row is claimed by moving
     * its address, so two processes never redo the same one; a refusal is logged and leaves the
     * old address in the row, to be tried at the next start.
     */
    async readdress(base: string, flowOf: (flowId: string) => Promise<FlowState | undefined>) {
      for (const row of await repository.elsewhere(`${base}/engine/hooks/`)) {
        const flow = await flowOf(row.flowId);
        const node = registering(engine, flow ?? null).get(row.nodeUid);
        const address = addressOf(base, row.flowId, row.nodeUid);
        if (!node || !(await repository.claimAddress(row, address))) continue;
        try {
          await unsubscribe(row, node);
          await subscribe(row.workspaceId, row.flowId, node, base);
        } catch (error) {
          await repository.save(row);
          deps.onError(error, { flowId: row.flowId, nodeUid: row.nodeUid, step: 'novo endereço' });
        }
      }
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

    /**
     * Claims a delivery's event `key` for the node: undefined when it was claimed before (a
     * retry of it starts nothing); the claim's `release` gives it back when its execution could
     * not be queued, so the service's retry queues it then.
     */
    async claimEvent(
      flowId: string,
      nodeUid: string,
      key: string,
    ): Promise<EventClaim | undefined> {
      if (!(await repository.claimEvent(flowId, nodeUid, key, deps.now()))) return undefined;
      return { release: () => repository.releaseEvent(flowId, nodeUid, key) };
    },
  };
}

export type HookRegistrations = ReturnType<typeof createHookRegistrations>;
