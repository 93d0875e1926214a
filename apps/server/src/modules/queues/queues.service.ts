import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import {
  emptyQueueCounts,
  type Queue,
  type QueueCounts,
  type QueueDepthSample,
  type QueueList,
  type QueueRestore,
  type queueBodySchema,
  type queueListQuerySchema,
  type queueUpdateBodySchema,
} from '@ponte/shared/queues.schema';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { groupCheck, rowOrMissing } from '../../lib/named-resource/named-rules';
import { uniqueNameGuard } from '../../lib/named-resource/unique-name';
import type { MessageQueueDriver } from './drivers/message-queue-driver';
import { createQueueJobs } from './queue-jobs';
import { createQueuesRepository, type QueueWithFlow } from './queues.repository';
import { createQueueSamplesRepository } from './queue-samples.repository';
import { createQueueRestoresRepository } from './queue-restores.repository';
import { noStamp, type SaveStamp, type VersionsService } from '../versions/versions.service';
import { queueVersioning } from './queue-versions';
import type { WithinGroups } from '../../lib/named-resource/named-table';

const m = messages.queues;

export type QueueBodyInput = z.output<typeof queueBodySchema>;
export type QueueUpdateInput = z.output<typeof queueUpdateBodySchema>;
export type QueueListQuery = z.output<typeof queueListQuerySchema>;

export interface QueuesServiceDeps {
  db: Database;
  driver: MessageQueueDriver;
  now: () => Date;
  /** A queue of the workspace was created or removed: its consumers are chosen again. */
  onChange?: (workspaceId: string) => Promise<void>;
  /** Every save is a version (docs/adr/0103). */
  versions: VersionsService;
}

/** Spec 2 §4: running or paused (waiting and rate_limit_waiting are never sent, ADR 0033). */
export const toQueue = (row: QueueWithFlow, counts: QueueCounts): Queue => ({
  _id: row.id,
  name: row.name,
  status: row.paused ? 'paused' : 'running',
  group: row.groupId ?? null,
  max_per_second: row.maxPerSecond,
  flow_id:
    row.consumerFlowId && row.flowName !== null
      ? { _id: row.consumerFlowId, name: row.flowName }
      : null,
  queue_status: counts,
  apply_default_values_new_fields: row.applyDefaultValuesNewFields,
  workspace_id: row.workspaceId,
  version: row.version,
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
});

/** Names are unique per workspace ignoring case: 409 (spec 2 §7). */
const uniqueName = uniqueNameGuard({
  constraint: 'queues_workspace_name_unique',
  status: 409,
  message: m.nameTaken,
});

export const queueMissing = (id: string) => notFound(m.notFound, { kind: 'queue', id });

/** The queues of a workspace: their rows here, their messages in the driver (ADR 0033). */
export function createQueuesService(deps: QueuesServiceDeps) {
  const { driver, now } = deps;
  const repository = createQueuesRepository(deps.db);
  const samples = createQueueSamplesRepository(deps.db);
  const restores = createQueueRestoresRepository(deps.db);
  const versioned = queueVersioning(deps.versions, repository);

  const checkGroup = groupCheck(repository.groupExists);
  const rowOf = rowOrMissing(repository.find, queueMissing);

  async function get(workspaceId: string, id: string): Promise<Queue> {
    const row = await rowOf(workspaceId, id);
    return toQueue(row, await driver.counts(row.id));
  }

  async function setPaused(workspaceId: string, id: string, paused: boolean): Promise<Queue> {
    await rowOf(workspaceId, id);
    if (paused) await driver.pause(id);
    else await driver.resume(id);
    await repository.update(workspaceId, id, { paused, updatedAt: now() });
    return get(workspaceId, id);
  }

  return {
    repository,
    samples,
    get,

    async list(workspaceId: string, query: QueueListQuery & WithinGroups): Promise<QueueList> {
      const { items, total } = await repository.list(workspaceId, query);
      const counts = await Promise.all(items.map((row) => driver.counts(row.id)));
      return { items: items.map((row, i) => toQueue(row, counts[i] ?? emptyQueueCounts())), total };
    },

    async create(
      workspaceId: string,
      body: QueueBodyInput,
      stamp: SaveStamp = noStamp,
    ): Promise<Queue> {
      await checkGroup(workspaceId, body.group);
      const customerId = await repository.customerOf(workspaceId);
      const values = {
        id: randomUUID(),
        workspaceId,
        customerId,
        groupId: body.group || null,
        name: body.name,
        maxPerSecond: body.max_per_second,
      };
      const row = await uniqueName(() => versioned.create(workspaceId, values, stamp));
      await driver.setRate(row.id, row.maxPerSecond);
      await deps.onChange?.(workspaceId);
      return get(workspaceId, row.id);
    },

    /** A new version, only when the save was based on the current one (if it says). */
    async update(
      workspaceId: string,
      body: QueueUpdateInput,
      stamp: SaveStamp = noStamp,
    ): Promise<Queue> {
      const existing = await rowOf(workspaceId, body._id);
      await versioned.check(workspaceId, existing, stamp);
      await checkGroup(workspaceId, body.group);
      const values = {
        name: body.name,
        groupId: body.group || null,
        maxPerSecond: body.max_per_second,
        applyDefaultValuesNewFields: body.apply_default_values_new_fields,
      };
      const row = await uniqueName(() => versioned.update(workspaceId, existing, values, stamp));
      await driver.setRate(row.id, row.maxPerSecond);
      return get(workspaceId, row.id);
    },

    /** The current version and document of a queue of the workspace (404 without one). */
    versionState: async (workspaceId: string, id: string) =>
      versioned.state(await rowOf(workspaceId, id)),

    /** A version's document as the update of a queue ('Restaurar', docs/adr/0103). */
    restoreBody: versioned.restoreBody,

    /** The queue, every message of it and its versions. */
    async remove(workspaceId: string, id: string): Promise<void> {
      await rowOf(workspaceId, id);
      await driver.drop(id);
      await repository.remove(workspaceId, id);
      await versioned.removeAll(workspaceId, id);
      await deps.onChange?.(workspaceId);
    },

    pause: (workspaceId: string, id: string) => setPaused(workspaceId, id, true),
    resume: (workspaceId: string, id: string) => setPaused(workspaceId, id, false),

    /** Removes the delayed, waiting and paused messages; answers how many. */
    async clean(workspaceId: string, id: string): Promise<{ removed: number }> {
      await rowOf(workspaceId, id);
      return { removed: await driver.clean(id) };
    },

    /** The counters sampled over the last hour, oldest first (beyond the spec). */
    async depth(workspaceId: string, id: string): Promise<{ items: QueueDepthSample[] }> {
      await rowOf(workspaceId, id);
      const since = new Date(now().getTime() - limits.queueDepthWindowMs);
      const rows = await samples.samplesSince(id, since);
      return {
        items: rows.map(({ queueId: _queueId, at, ...counts }) => ({ at: toIso(at), ...counts })),
      };
    },

    /** Messages published again because Redis had lost them (docs/adr/0072), newest first. */
    async restores(workspaceId: string, id: string): Promise<{ items: QueueRestore[] }> {
      await rowOf(workspaceId, id);
      const since = new Date(now().getTime() - limits.queueRestoresShownMs);
      const rows = await restores.restores(workspaceId, id, since, limits.queueRestoresShown);
      return { items: rows.map((row) => ({ restored: row.restored, at: toIso(row.at) })) };
    },

    /** The status strip's 'Filas internas'. */
    count: (workspaceId: string) => repository.count(workspaceId),

    ...createQueueJobs({ driver, repository, rowOf }),
  };
}

export type QueuesService = ReturnType<typeof createQueuesService>;
