import type { IncomingHttpHeaders } from 'node:http';
import {
  checkWebhookAuth,
  webhookSecretHeader,
} from '@ponte/engine/nodes/triggers/webhook-trigger/webhook-auth';
import type { WebhookResponse } from '@ponte/engine/kit/context';
import type { ExecutionResult } from '@ponte/engine/executor/events';
import { chainHeader } from '@ponte/engine/ports';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { FlowChainLimitError } from '../executions/chain-limit';
import { retryAfterSeconds } from '../executions/execution-give-up';
import type { EnqueuedExecution, ExecutionRequest } from '../executions/execution-runner';
import type { WebhookLimits, WebhookThrottle } from './webhook-limits';
import type { TriggerManager } from './trigger-manager';

export interface WebhookServiceDeps {
  findWebhook: TriggerManager['findWebhook'];
  enqueue(request: ExecutionRequest): Promise<EnqueuedExecution>;
  /** How long a webhook waits for the flow's answer (respond_node, last_node). */
  responseTimeoutMs?: number;
  /** Rate limits per client address and per flow (none when absent). */
  limits?: WebhookLimits;
}

export interface WebhookCall {
  /** The client's address, as PONTE_TRUST_PROXY decides it (docs/adr/0015). */
  address: string;
  flowId: string;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  query: unknown;
  body: unknown;
}

/** What the caller of a webhook gets: an error, or a status with a body (and headers). */
export type WebhookAnswer =
  | {
      kind: 'error';
      statusCode: number;
      code: string;
      message: string;
      headers?: Record<string, string>;
    }
  | { kind: 'answer'; statusCode: number; body: unknown; headers?: Record<string, string> };

const m = messages.engine;

const error = (statusCode: number, code: string, message: string): WebhookAnswer => ({
  kind: 'error',
  statusCode,
  code,
  message,
});

const throttled = ({ retryAfterSeconds, message }: WebhookThrottle): WebhookAnswer => ({
  kind: 'error',
  statusCode: 429,
  code: errorCodes.rateLimited,
  message,
  headers: { 'retry-after': String(retryAfterSeconds) },
});

/** The depth the caller's `x-ponte-chain` header says (0 when absent or unreadable). */
export function chainDepthOf(headers: IncomingHttpHeaders): number {
  const value = headers[chainHeader];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,6}$/.test(text.trim())) return 0;
  return Number(text.trim());
}

function answerOf(result: ExecutionResult): unknown {
  const last = result.lastMessage as { payload?: unknown } | undefined;
  return last && typeof last === 'object' && 'payload' in last ? last.payload : (last ?? null);
}

/** The respond node's answer, the execution's end, or 'timeout' after `timeoutMs`. */
async function firstOf(
  mode: string,
  responded: Promise<WebhookResponse>,
  done: Promise<ExecutionResult>,
  timeoutMs: number,
): Promise<WebhookResponse | ExecutionResult | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>(
    (resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)),
  );
  const outcome = await Promise.race([
    mode === 'respond_node' ? responded : new Promise<never>(() => undefined),
    done,
    timeout,
  ]);
  clearTimeout(timer);
  return outcome;
}

/** How long a caller waits for an answer whose execution ended as its wait ran out. */
const lateEndMs = 1_000;

/**
 * The flow's answer in its response mode: the respond node's, or the last node's. When the
 * wait runs out (docs/adr/0076), an execution that has not started is withdrawn and the caller
 * gets 503 with `Retry-After` (nothing was done: it may call again); one that runs learns that
 * nobody waits, and the caller gets 504.
 */
async function awaitAnswer(
  mode: string,
  responded: Promise<WebhookResponse>,
  enqueued: EnqueuedExecution,
  timeoutMs: number,
): Promise<WebhookAnswer> {
  let outcome = await firstOf(mode, responded, enqueued.done, timeoutMs);
  if (outcome === 'timeout') {
    const given = await enqueued
      .giveUp({ kind: 'webhook', waitedMs: timeoutMs })
      .catch(() => 'started' as const);
    if (given === 'withdrawn') {
      const seconds = retryAfterSeconds(timeoutMs);
      return {
        ...error(503, errorCodes.flowBusy, m.flowBusy(seconds)),
        headers: { 'retry-after': String(seconds) },
      };
    }
    // Ended as the wait ran out: its answer is on its way.
    if (given === 'ended') outcome = await firstOf(mode, responded, enqueued.done, lateEndMs);
  }
  if (outcome === 'timeout') return error(504, 'timeout', m.webhookTimeout);
  if ('body' in outcome && 'status' in outcome && !('execution_id' in outcome)) {
    const response = outcome as WebhookResponse;
    return {
      kind: 'answer',
      statusCode: response.status,
      headers: response.headers,
      body:
        typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? null),
    };
  }
  const result = outcome as ExecutionResult;
  // A template the flow holds cannot be read: the flow is broken, not the call (ADR 0081).
  if (result.status !== 'success' && result.error?.code === 'invalid_expression') {
    return error(502, errorCodes.invalidExpression, result.error.message);
  }
  // Accepted: it goes on once a person decides (docs/adr/0100).
  if (result.status === 'waiting') {
    return { kind: 'answer', statusCode: 202, body: { message: messages.agent.executionWaiting } };
  }
  if (result.status !== 'success') {
    return error(500, 'execution_failed', result.error?.message ?? 'A execução falhou.');
  }
  if (mode === 'respond_node') {
    return error(
      500,
      'no_response',
      'O flow terminou sem passar pelo conector "Responder webhook".',
    );
  }
  return { kind: 'answer', statusCode: 200, body: answerOf(result) };
}

/**
 * Public webhooks: 404 for a disabled or unknown flow, 401 when the node's auth fails; the
 * response mode decides whether the caller gets 202 at once or the flow's answer.
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  const timeoutMs = deps.responseTimeoutMs ?? 30_000;

  return {
    async call(call: WebhookCall): Promise<WebhookAnswer> {
      const byAddress = deps.limits?.address(call.address, call.flowId);
      if (byAddress) return throttled(byAddress);
      const hook = deps.findWebhook(call.flowId, call.method, call.path);
      if (!hook) return error(404, 'not_found', m.webhookNotFound);
      if (!checkWebhookAuth(hook.node.params, call.headers)) {
        return error(401, 'unauthorized', m.webhookUnauthorized);
      }
      const byFlow = deps.limits?.flow(call.address, call.flowId, hook.flow.workspaceId);
      if (byFlow) return throttled(byFlow);
      const mode = String(hook.node.params.response || 'immediate');
      let respond: ((response: WebhookResponse) => void) | undefined;
      const responded = new Promise<WebhookResponse>((resolve) => (respond = resolve));
      // Neither the standard credentials nor the secret the node checked travel on.
      const headers = { ...call.headers };
      delete headers.authorization;
      const secret = webhookSecretHeader(hook.node.params);
      if (secret) delete headers[secret];
      const chainDepth = chainDepthOf(call.headers);
      delete headers[chainHeader];
      // The caller's W3C trace: the execution's span is its child (docs/adr/0131).
      const traceparent = call.headers.traceparent;
      const enqueued = await deps
        .enqueue({
          workspaceId: hook.flow.workspaceId,
          flowId: call.flowId,
          triggerNodeUid: hook.node.uid,
          ...(chainDepth ? { chainDepth } : {}),
          ...(typeof traceparent === 'string' ? { traceparent } : {}),
          msg: {
            payload: call.body ?? null,
            webhook: {
              method: call.method,
              path: call.path,
              params: hook.params,
              headers,
              query: call.query,
            },
          },
          ...(mode === 'respond_node'
            ? { respond: (response: WebhookResponse) => respond?.(response) }
            : {}),
          // Its answer waits for the end: the row may be written once (docs/adr/0129).
          ...(mode === 'immediate' ? {} : { writeOnce: true }),
        })
        .catch((failure: unknown) => {
          if (failure instanceof FlowChainLimitError) return failure;
          throw failure;
        });
      if (enqueued instanceof FlowChainLimitError)
        return error(508, errorCodes.flowChainLimit, enqueued.message);
      if (mode === 'immediate')
        return { kind: 'answer', statusCode: 202, body: { execution_id: enqueued.execution_id } };
      return awaitAnswer(mode, responded, enqueued, timeoutMs);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
