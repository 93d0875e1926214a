import type { ExecutionResult } from '@ponte/engine/executor/events';
import type { WebhookResponse } from '@ponte/engine/kit/context';
import type { FormSubmitAnswer } from '@ponte/shared/forms.schema';
import { messages } from '@ponte/shared/messages';

const m = messages.forms.public;

/** The payload of the flow's last message (what a flow without a respond node ends with). */
function lastPayload(result: ExecutionResult): unknown {
  const last = result.lastMessage as { payload?: unknown } | undefined;
  return last && typeof last === 'object' && 'payload' in last ? last.payload : (last ?? null);
}

/**
 * What a form that waits for its flow answers (docs/adr/0038): the body of the first
 * "Responder webhook" the flow passes, else, when it ends well, its last message's payload;
 * its error when it fails; `timeout` when neither came within `timeoutMs`.
 */
export async function awaitFormResult(
  responded: Promise<WebhookResponse>,
  done: Promise<ExecutionResult>,
  timeoutMs: number,
): Promise<FormSubmitAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = await Promise.race([
    responded.then((response) => ({ kind: 'respond' as const, response })),
    done.then((result) => ({ kind: 'done' as const, result })),
    timeout,
  ]).finally(() => clearTimeout(timer));
  if (outcome === 'timeout') return { outcome: 'timeout', message: m.timeout };
  if (outcome.kind === 'respond') return { outcome: 'result', result: outcome.response.body };
  const { result } = outcome;
  if (result.status !== 'success') {
    return { outcome: 'error', message: m.flowFailed(result.error?.message ?? m.flowStopped) };
  }
  return { outcome: 'result', result: lastPayload(result) };
}
