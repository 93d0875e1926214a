import type { IncomingHttpHeaders } from 'node:http';
import { eventKept } from '@ponte/engine/connectors/kit/define-connector-trigger';
import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import type { HookDelivery, HookEvent } from '@ponte/engine/kit/service-hook';
import type { ServiceAccount } from '@ponte/engine/ports';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import type { EnqueuedExecution, ExecutionRequest } from '../executions/execution-runner';
import type { TriggerManager } from './trigger-manager';
import type { WebhookLimits } from './webhook-limits';

export interface ServiceHooksDeps {
  findServiceHook: TriggerManager['findServiceHook'];
  /** The node definition of a flow node (its `serviceHook`). */
  definition(type: string, version?: number): NodeDefinition | undefined;
  /** A workspace's account, secrets decrypted. */
  account(workspaceId: string, id: string): Promise<ServiceAccount | undefined>;
  enqueue(request: ExecutionRequest): Promise<EnqueuedExecution>;
  /** The node's registration at the service (its secret and address), when Ponte made it. */
  registration?(
    flowId: string,
    nodeUid: string,
  ): Promise<{ secret: string; address?: string } | undefined>;
  /** The secret of the OAuth app the account was authorised with (Trello signs with it). */
  appSecret?(workspaceId: string, account: ServiceAccount): Promise<string | undefined>;
  /**
   * Claims an event's key for the node: undefined when it was claimed before (a service's retry
   * of it starts nothing); `release` gives it back when the execution could not be queued.
   */
  claimEvent?(
    flowId: string,
    nodeUid: string,
    key: string,
  ): Promise<{ release(): Promise<void> } | undefined>;
  /** The app's clock. */
  now(): Date;
  limits?: WebhookLimits;
  onRefused?: (flowId: string, nodeUid: string, reason: string) => void;
}

export interface ServiceHookCall {
  address: string;
  flowId: string;
  nodeUid: string;
  method: string;
  headers: IncomingHttpHeaders;
  query: Record<string, unknown>;
  rawBody: Buffer;
}

/** What the service gets back: a status with a JSON or plain-text body. */
export type ServiceHookAnswer =
  | { statusCode: number; json: Record<string, unknown>; headers?: Record<string, string> }
  | { statusCode: number; text: string };

const m = messages.engine;

const refusal = (statusCode: number, code: string, message: string): ServiceHookAnswer => ({
  statusCode,
  json: { statusCode, code, message },
});

const stringQuery = (query: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(query ?? {}).map(([key, value]) => [
      key,
      Array.isArray(value) ? String(value[0] ?? '') : String(value ?? ''),
    ]),
  );

/**
 * Queues one execution per event, its key claimed first so that a service's retry starts
 * nothing. When queuing fails the key is released and the failure thrown: the service gets an
 * error status (500) and its retry queues the event then, instead of being dropped as a repeat.
 */
async function startEvents(
  deps: ServiceHooksDeps,
  target: { id: string; workspaceId: string; nodeUid: string },
  events: HookEvent[],
): Promise<string[]> {
  const started: string[] = [];
  for (const event of events) {
    let claim: { release(): Promise<void> } | undefined;
    if (event.key && deps.claimEvent) {
      claim = await deps.claimEvent(target.id, target.nodeUid, event.key);
      if (!claim) continue;
    }
    try {
      const enqueued = await deps.enqueue({
        workspaceId: target.workspaceId,
        flowId: target.id,
        triggerNodeUid: target.nodeUid,
        msg: { payload: event.payload, event: event.event },
      });
      started.push(enqueued.execution_id);
    } catch (error) {
      await claim?.release();
      throw error;
    }
  }
  return started;
}

/**
 * The addresses of service connectors' triggers, `/engine/hooks/{flowId}/{nodeUid}` (docs/adr/0091):
 * the service's handshake answered, each delivery's signature checked with the node's account,
 * and one execution started per event the node keeps. 404 for a disabled or unknown flow or
 * node; 401 for a delivery whose signature does not match.
 */
export function createServiceHooks(deps: ServiceHooksDeps) {
  return {
    async call(call: ServiceHookCall): Promise<ServiceHookAnswer> {
      const byAddress = deps.limits?.address(call.address, call.flowId);
      if (byAddress) {
        return {
          ...refusal(429, errorCodes.rateLimited, byAddress.message),
          headers: { 'retry-after': String(byAddress.retryAfterSeconds) },
        };
      }
      const found = deps.findServiceHook(call.flowId, call.nodeUid);
      const hook = found && deps.definition(found.node.type, found.node.typeVersion)?.serviceHook;
      if (!found || !hook) return refusal(404, 'not_found', m.webhookNotFound);
      // The service's check that the address answers (Trello's HEAD when it creates a webhook).
      if (call.method.toUpperCase() === 'HEAD') return { statusCode: 200, text: '' };
      const { flow, node } = found;
      const account = await deps.account(flow.workspaceId, String(node.params.service_account));
      if (!account) return refusal(409, 'account_missing', m.hookAccountMissing);
      const delivery: HookDelivery = {
        method: call.method.toUpperCase(),
        headers: call.headers,
        query: stringQuery(call.query),
        rawBody: call.rawBody,
        receivedAt: deps.now(),
      };
      const handshake = hook.handshake?.(delivery, account);
      if (handshake) return { statusCode: handshake.status, text: handshake.body };
      const registration = await deps.registration?.(flow.id, node.uid);
      const appSecret = await deps.appSecret?.(flow.workspaceId, account);
      const verified = hook.verify(delivery, account, {
        ...registration,
        ...(appSecret ? { appSecret } : {}),
      });
      if (verified !== true) {
        // The caller is not authenticated: it gets the generic refusal, the reason goes to the log.
        const reason = typeof verified === 'string' ? verified : m.hookSignatureInvalid;
        deps.onRefused?.(flow.id, node.uid, reason);
        return refusal(401, 'unauthorized', m.hookSignatureInvalid);
      }
      let body: unknown;
      try {
        body = call.rawBody.length ? JSON.parse(call.rawBody.toString('utf8')) : null;
      } catch {
        return refusal(400, 'invalid_body', m.hookBodyInvalid);
      }
      const events = hook
        .events(body, account, node.params)
        .filter((e) => eventKept(node.params, e.event));
      const byFlow = deps.limits?.flow(call.address, call.flowId, flow.workspaceId);
      if (byFlow) {
        return {
          ...refusal(429, errorCodes.rateLimited, byFlow.message),
          headers: { 'retry-after': String(byFlow.retryAfterSeconds) },
        };
      }
      const target = { id: flow.id, workspaceId: flow.workspaceId, nodeUid: node.uid };
      const started = await startEvents(deps, target, events);
      return { statusCode: 200, json: { execution_ids: started } };
    },
  };
}

export type ServiceHooks = ReturnType<typeof createServiceHooks>;
