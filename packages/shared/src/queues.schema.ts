import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageNumberSchema } from './pagination';
import { text } from './text';
import { versionStampSchema } from './versions.schema';

/**
 * Internal queues (spec 2 'Queues', §3 Queue, §4, §5 'Queue', §7 'Queues', §8 'Queue';
 * docs/adr/0033). The API's shapes, shared by the server, the web app and the queue nodes.
 */
const m = messages.queues;

/** Spec 2 §3: waiting and rate_limit_waiting are display-only. */
export const queueStatuses = ['running', 'paused', 'waiting', 'rate_limit_waiting'] as const;
export type QueueStatus = (typeof queueStatuses)[number];

/**
 * The states of a job (a message). `delayed`: its time has not come; `waiting`: due, waits
 * for its turn (or the rate); `paused`: due while the queue is paused; `active`: its consumer
 * execution runs; `failed`: that execution failed (kept with the error, can be retried);
 * `completed`: consumed (the newest are kept for a day).
 */
export const jobStates = ['delayed', 'waiting', 'paused', 'active', 'failed', 'completed'] as const;
export type JobState = (typeof jobStates)[number];

export const queueCountsSchema = z.object({
  delayed: z.number().int(),
  waiting: z.number().int(),
  paused: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

export const emptyQueueCounts = (): QueueCounts => ({
  delayed: 0,
  waiting: 0,
  paused: 0,
  active: 0,
  failed: 0,
  completed: 0,
});

export const queueSchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(queueStatuses),
  group: z.string().nullable(),
  max_per_second: z.number().int(),
  /** The active consumer: the enabled flow whose 'Fila interna' trigger names the queue. */
  flow_id: z.object({ _id: z.string(), name: z.string() }).nullable(),
  queue_status: queueCountsSchema,
  apply_default_values_new_fields: z.boolean(),
  workspace_id: z.string(),
  /** The number of its current version (docs/adr/0103); its `ETag` too. */
  version: z.number().int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Queue = z.infer<typeof queueSchema>;

/** GET /api/v1/queues: page, size (10 unless told; lookups up to 1000), query, group. */
export const queueListQuerySchema = z.object({
  page: pageNumberSchema,
  size: z.coerce
    .number()
    .int()
    .catch(limits.queuesPageSize)
    .transform((n) => Math.min(limits.queuesLookup, Math.max(1, n)))
    .default(limits.queuesPageSize),
  query: text().trim().max(200).optional(),
  group: text().max(200).optional(),
});
export const queueListSchema = listResponseSchema(queueSchema);
export type QueueList = z.infer<typeof queueListSchema>;

const maxPerSecondSchema = z.coerce
  .number({ error: m.maxPerSecondInvalid })
  .int({ error: m.maxPerSecondInvalid })
  .min(0, { error: m.maxPerSecondInvalid })
  .max(limits.queueMaxPerSecondMax, { error: m.maxPerSecondInvalid });

const queueFields = {
  name: text({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(limits.queueNameMax, { error: m.nameTooLong }),
  group: text().max(200).nullish(),
  max_per_second: maxPerSecondSchema.default(limits.queueMaxPerSecondDefault),
};

/** POST /api/v1/queues. */
export const queueBodySchema = z.object(queueFields);
export type QueueBody = z.input<typeof queueBodySchema>;

/** PUT /api/v1/queues: the queue's `_id` travels in the body (spec 2 §7). */
export const queueUpdateBodySchema = z.object({
  _id: text().min(1).max(100),
  ...queueFields,
  apply_default_values_new_fields: z.boolean().default(false),
  ...versionStampSchema.shape,
});
export type QueueUpdateBody = z.input<typeof queueUpdateBodySchema>;

/** DELETE /api/v1/queues: `{_id}` in the body. */
export const queueDeleteBodySchema = z.object({ _id: text().min(1).max(100) });

/**
 * POST /api/v1/queues/jobs/new/{id}. `message` is the modal's content (text; a JSON object or
 * array is kept parsed, anything else as text) or any JSON value sent by the API.
 */
export const jobBodySchema = z
  .object({
    message: z.unknown(),
    delayed: z.coerce.number().int().min(0).max(1).catch(0).default(0),
    delay_in_seconds: z.coerce
      .number({ error: m.delayInvalid })
      .int({ error: m.delayInvalid })
      .min(0, { error: m.delayInvalid })
      .max(limits.queueDelayMaxSeconds, { error: m.delayInvalid })
      .default(0),
  })
  .superRefine((body, ctx) => {
    const empty =
      body.message === undefined ||
      body.message === null ||
      (typeof body.message === 'string' && !body.message.trim());
    if (empty) ctx.addIssue({ code: 'custom', message: m.contentRequired, path: ['message'] });
  });
export type JobBody = z.input<typeof jobBodySchema>;

/** A job (a message of a queue) as the API sends it. */
export const queueJobSchema = z.object({
  _id: z.string(),
  queue_id: z.string(),
  message: z.unknown(),
  /** The first 100 characters of the message as text, then '[...]' when longer. */
  excerpt: z.string(),
  /** The publishing flow's name, or the person who added it by hand. */
  publisher: z.string(),
  published_at: z.string(),
  delayed: z.boolean(),
  delay_in_seconds: z.number().int(),
  /** When it may start (published_at plus the delay). */
  run_at: z.string(),
  state: z.enum(jobStates),
  attempts: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  execution_id: z.string().nullable(),
});
export type QueueJob = z.infer<typeof queueJobSchema>;

/** `statusList`: `waiting,delayed` or repeated; the pending states unless told. */
const statusListSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const wanted = (Array.isArray(value) ? value : (value ?? '').split(','))
      .map((state) => state.trim())
      .filter((state): state is JobState => (jobStates as readonly string[]).includes(state));
    return wanted.length ? [...new Set(wanted)] : (['paused', 'waiting', 'delayed'] as JobState[]);
  });

/** GET /api/v1/queues/jobs/{id}: page, limit (10 unless told, at most 100), statusList. */
export const jobListQuerySchema = z.object({
  page: pageNumberSchema,
  limit: z.coerce
    .number()
    .int()
    .catch(limits.queueJobsPageSize)
    .transform((n) => Math.min(100, Math.max(1, n)))
    .default(limits.queueJobsPageSize),
  statusList: statusListSchema,
});
export const jobListSchema = listResponseSchema(queueJobSchema);
export type JobList = z.infer<typeof jobListSchema>;

/** GET /api/v1/queues/{id}/depth: the counters sampled over the last hour (beyond the spec). */
export const queueDepthSampleSchema = queueCountsSchema.extend({ at: z.string() });
export const queueDepthSchema = z.object({ items: z.array(queueDepthSampleSchema) });
export type QueueDepthSample = z.infer<typeof queueDepthSampleSchema>;

/**
 * GET /api/v1/queues/{id}/restores: messages published again because Redis had lost them
 * (docs/adr/0072), the newest first, those of the last 7 days (beyond the spec).
 */
export const queueRestoreSchema = z.object({
  restored: z.number().int(),
  at: z.string(),
});
export const queueRestoresSchema = z.object({ items: z.array(queueRestoreSchema) });
export type QueueRestore = z.infer<typeof queueRestoreSchema>;

/** A message as text: strings as they are, anything else as JSON. */
export function jobMessageText(message: unknown): string {
  if (typeof message === 'string') return message;
  try {
    return JSON.stringify(message) ?? '';
  } catch {
    return String(message);
  }
}

/** Spec 2 §9: 100 characters, then '[...]' when the message is longer. */
export function jobExcerpt(message: unknown): string {
  const full = jobMessageText(message);
  const chars = [...full];
  return chars.length > limits.queueJobExcerpt
    ? `${chars.slice(0, limits.queueJobExcerpt).join('')}[...]`
    : full;
}

/** The message modal: JSON pretty-printed with 4 spaces, anything else as it is. */
export function jobMessagePretty(message: unknown): string {
  if (typeof message !== 'string') return JSON.stringify(message, null, 4) ?? '';
  try {
    return JSON.stringify(JSON.parse(message), null, 4);
  } catch {
    return message;
  }
}

/** The modal's content as kept: a JSON object or array parsed, anything else the text. */
export function parseJobContent(content: string): unknown {
  const trimmed = content.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return content;
    }
  }
  return content;
}

/** Spec 2 §4 'Job delayed display'. */
export function jobDelayedLabel(job: Pick<QueueJob, 'delayed' | 'run_at'>, now: number): string {
  if (!job.delayed) return m.delayedNo;
  return Date.parse(job.run_at) > now ? m.delayedWaiting : m.delayedNow;
}
