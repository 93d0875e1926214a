import type { ExecutionResult } from '@ponte/engine/executor/events';
import type { WebhookResponse } from '@ponte/engine/kit/context';
import type { FormSubmitAnswer } from '@ponte/shared/forms.schema';
import { messages } from '@ponte/shared/messages';
import type { EnqueuedExecution } from '../executions/execution-runner';

const m = messages.forms.public;

/** The payload of the flow's last message (what a flow without a respond node ends with). */
function lastPayload(result: ExecutionResult): unknown {
  const last = result.lastMessage as { payload?: unknown } | undefined;
  return last && typeof last === 'object' && 'payload' in last ? last.payload : (last ?? null);
}

type Outcome =
  | { kind: 'respond'; response: WebhookResponse }
  | { kind: 'done'; result: ExecutionResult }
  | 'timeout';

/** The respond node's answer, the execution's end, or 'timeout' after `timeoutMs`. */
async function firstOf(
  responded: Promise<WebhookResponse>,
  done: Promise<ExecutionResult>,
  timeoutMs: number,
): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  return Promise.race([
    responded.then((response) => ({ kind: 'respond' as const, response })),
    done.then((result) => ({ kind: 'done' as const, result })),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/** How long a submission waits for the answer of an execution that ended as its wait ran out. */
const lateEndMs = 1_000;

/**
 * What a form that waits for its flow answers (docs/adr/0038): the body of the first
 * "Responder webhook" the flow passes, else, when it ends well, its last message's payload;
 * its error when it fails. When neither came within `timeoutMs` (docs/adr/0076): `withdrawn`
 * when the execution had not started (it never will: the submission was not made), else
 * `timeout`, and the execution learns that nobody waits.
 */
export async function awaitFormResult(
  responded: Promise<WebhookResponse>,
  enqueued: EnqueuedExecution,
  timeoutMs: number,
): Promise<FormSubmitAnswer | 'withdrawn'> {
  let outcome = await firstOf(responded, enqueued.done, timeoutMs);
  if (outcome === 'timeout') {
    const given = await enqueued
      .giveUp({ kind: 'form', waitedMs: timeoutMs })
      .catch(() => 'started' as const);
    if (given === 'withdrawn') return 'withdrawn';
    if (given === 'ended') outcome = await firstOf(responded, enqueued.done, lateEndMs);
  }
  if (outcome === 'timeout') return { outcome: 'timeout', message: m.timeout };
  if (outcome.kind === 'respond') return { outcome: 'result', result: outcome.response.body };
  const { result } = outcome;
  // Sent, and the flow goes on once a person decides (docs/adr/0100): as a late answer.
  if (result.status === 'waiting') return { outcome: 'timeout', message: m.timeout };
  if (result.status !== 'success') {
    return { outcome: 'error', message: m.flowFailed(result.error?.message ?? m.flowStopped) };
  }
  return { outcome: 'result', result: lastPayload(result) };
}
