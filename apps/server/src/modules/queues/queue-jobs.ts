import type { z } from 'zod';
import type { QueuePublishRequest } from '@ponte/engine/ports';
import { errorCodes } from '@ponte/shared/errors';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import {
  jobExcerpt,
  parseJobContent,
  type JobList,
  type jobBodySchema,
  type jobListQuerySchema,
  type QueueJob,
} from '@ponte/shared/queues.schema';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import {
  DuplicateMessageError,
  type MessageQueueDriver,
  type QueueMessage,
} from './drivers/message-queue-driver';
import type { QueuesRepository, QueueWithFlow } from './queues.repository';

const m = messages.queues;

export type QueueJobBodyInput = z.output<typeof jobBodySchema>;
export type QueueJobListQuery = z.output<typeof jobListQuerySchema>;

export const toQueueJob = (message: QueueMessage): QueueJob => ({
  _id: message.id,
  queue_id: message.queueId,
  message: message.message,
  excerpt: jobExcerpt(message.message),
  publisher: message.publisher,
  published_at: toIso(message.publishedAt),
  delayed: message.delayed,
  delay_in_seconds: Math.round(message.delayMs / 1000),
  run_at: toIso(message.runAt),
  state: message.state,
  attempts: message.attempts,
  started_at: message.startedAt ? toIso(message.startedAt) : null,
  finished_at: message.finishedAt ? toIso(message.finishedAt) : null,
  error: message.error,
  execution_id: message.executionId,
});

/** Bytes of the message as stored (JSON). */
const sizeOf = (message: unknown): number =>
  Buffer.byteLength(JSON.stringify(message) ?? '', 'utf8');

const jobMissing = () => notFound(m.jobNotFound);
const jobConflict = (message: string) => new AppError(409, errorCodes.conflict, message);

/** The publish node's request, checked: every refusal is an Error with a pt-BR message. */
function checkedPublish(request: QueuePublishRequest) {
  if (sizeOf(request.message) > limits.queueMessageMaxBytes) throw new Error(m.messageTooLarge);
  const dedupKey = request.dedupKey ? String(request.dedupKey) : null;
  if (dedupKey && dedupKey.length > limits.queueDedupKeyMax) throw new Error(m.dedupKeyTooLong);
  const seconds = request.delaySeconds ?? 0;
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > limits.queueDelayMaxSeconds)
    throw new Error(m.delayInvalid);
  return { dedupKey, delayMs: Math.round(seconds * 1000) };
}

/** The messages of a queue: the view page's, and the publish node's through the port. */
export function createQueueJobs({
  driver,
  repository,
  rowOf,
}: {
  driver: MessageQueueDriver;
  repository: QueuesRepository;
  rowOf: (workspaceId: string, id: string) => Promise<QueueWithFlow>;
}) {
  /** A message of the workspace's queue, or 404 (another workspace's queue is missing too). */
  async function jobOf(workspaceId: string, queueId: string, jobId: string) {
    await rowOf(workspaceId, queueId);
    const job = await driver.get(queueId, jobId);
    if (!job || job.workspaceId !== workspaceId) throw jobMissing();
    return job;
  }

  return {
    /** The 'add message' modal: a text content is parsed (JSON object or array kept parsed). */
    async addJob(workspaceId: string, queueId: string, userId: string, body: QueueJobBodyInput) {
      await rowOf(workspaceId, queueId);
      const message =
        typeof body.message === 'string' ? parseJobContent(body.message) : body.message;
      if (sizeOf(message) > limits.queueMessageMaxBytes)
        throw invalidField('message', m.messageTooLarge);
      const published = await driver.publish(queueId, {
        workspaceId,
        message,
        publisher: await repository.userName(userId),
        delayMs: body.delayed === 1 ? body.delay_in_seconds * 1000 : 0,
        delayed: body.delayed === 1,
      });
      return toQueueJob(published);
    },

    async jobs(workspaceId: string, queueId: string, query: QueueJobListQuery): Promise<JobList> {
      await rowOf(workspaceId, queueId);
      const { items, total } = await driver.list(queueId, {
        states: query.statusList,
        page: query.page,
        limit: query.limit,
      });
      return { items: items.map(toQueueJob), total };
    },

    async job(workspaceId: string, queueId: string, jobId: string): Promise<QueueJob> {
      return toQueueJob(await jobOf(workspaceId, queueId, jobId));
    },

    /** 409 while its consumer runs it, 404 when it is gone. */
    async removeJob(workspaceId: string, queueId: string, jobId: string): Promise<void> {
      const job = await jobOf(workspaceId, queueId, jobId);
      if (job.state === 'active') throw jobConflict(m.jobRunning);
      if (await driver.remove(queueId, jobId)) return;
      const now = await driver.get(queueId, jobId);
      throw now?.state === 'active' ? jobConflict(m.jobRunning) : jobMissing();
    },

    /** A failed message back to waiting with the same id (beyond the spec). */
    async retryJob(workspaceId: string, queueId: string, jobId: string): Promise<QueueJob> {
      const job = await jobOf(workspaceId, queueId, jobId);
      if (job.state !== 'failed' || !(await driver.retry(queueId, jobId)))
        throw jobConflict(m.jobNotFailed);
      return toQueueJob((await driver.get(queueId, jobId)) ?? job);
    },

    /**
     * The publish node's: the queue by `_id` or name in the flow's workspace; the publisher is
     * the flow's name. A refused publish enqueues nothing, and so does one whose `signal` (the
     * execution's) aborts before the message is handed to the driver.
     */
    async publishFromFlow(
      workspaceId: string,
      flowId: string,
      request: QueuePublishRequest,
      signal?: AbortSignal,
    ) {
      signal?.throwIfAborted();
      const queue = await repository.findRef(workspaceId, String(request.queue ?? ''));
      if (!queue) throw new Error(m.notFound);
      const { dedupKey, delayMs } = checkedPublish(request);
      const publisher = (await repository.flowName(workspaceId, flowId)) ?? '';
      signal?.throwIfAborted();
      try {
        const published = await driver.publish(queue.id, {
          workspaceId,
          message: request.message,
          publisher,
          delayMs,
          dedupKey,
        });
        return {
          job_id: published.id,
          queue: { _id: queue.id, name: queue.name },
          run_at: toIso(published.runAt),
        };
      } catch (error) {
        if (error instanceof DuplicateMessageError) throw new Error(m.duplicate(error.dedupKey));
        throw error;
      }
    },
  };
}
