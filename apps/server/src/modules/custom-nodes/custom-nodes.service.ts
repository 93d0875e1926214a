import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  customNodeSaveIssues,
  customNodeType,
  orderedParams,
  type CustomNode,
  type CustomNodeBody,
  type CustomNodeList,
  type customNodeListQuerySchema,
} from '@ponte/shared/custom-nodes.schema';
import { errorCodes } from '@ponte/shared/errors';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { listOptionsOf, type WithinGroups } from '../../lib/named-resource/named-table';
import { copyName } from '../../lib/named-resource/copy-name';
import { groupCheck, rowOrMissing } from '../../lib/named-resource/named-rules';
import { noStamp, type SaveStamp, type VersionsService } from '../versions/versions.service';
import { customNodeVersioning } from './custom-node-versions';
import {
  createCustomNodesRepository,
  type CustomNodeRow,
  type CustomNodeValues,
} from './custom-nodes.repository';

const m = messages.customNodes;

export type CustomNodeListQuery = z.output<typeof customNodeListQuerySchema>;

export interface CustomNodesServiceDeps {
  db: Database;
  now: () => Date;
  versions: VersionsService;
}

/** The API's connector (spec 2 §3, with `version`, `node_type` and `group`). */
export const toCustomNode = (row: CustomNodeRow): CustomNode => ({
  _id: row.id,
  name: row.name,
  service_name: row.serviceName,
  description: row.description,
  enabled: row.enabled,
  imageData: row.imageData,
  execution_type: row.executionType,
  code_execution_content: row.code,
  params: row.params,
  group: row.groupId ?? null,
  version: row.version,
  revision: row.revision,
  node_type: customNodeType(row.id),
  workspace_id: row.workspaceId,
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
});

/** Not found in this workspace; naming it lets the security log record another's id. */
export const customNodeMissing = (id: string) => notFound(m.notFound, { kind: 'custom_node', id });

/** Spec 2 §5 'Connector': 400 with the first issue's message and every issue in `details`. */
function checkSave(body: CustomNodeBody) {
  const issues = customNodeSaveIssues(body);
  if (!issues.length) return;
  const details = issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw new AppError(400, errorCodes.validation, details[0]!.message, details);
}

/** The columns a save writes (everything the editor edits). */
const savedColumns = (body: CustomNodeBody): Omit<CustomNodeValues, 'updatedAt'> => ({
  name: body.name,
  serviceName: body.service_name,
  description: body.description,
  enabled: body.enabled,
  imageData: body.imageData,
  executionType: body.execution_type,
  code: body.code_execution_content,
  params: orderedParams(body.params),
  groupId: body.group || null,
});

/**
 * The workspace's custom connectors (spec 2 'Custom connectors', §7): rows in `custom_nodes`
 * and their versions, scoped to the session's workspace.
 */
export function createCustomNodesService(deps: CustomNodesServiceDeps) {
  const { db, now } = deps;
  const repository = createCustomNodesRepository(db);
  const versioned = customNodeVersioning(deps.versions, repository);

  const checkGroup = groupCheck(repository.groupExists);
  const rowOf = rowOrMissing(repository.find, customNodeMissing);

  return {
    repository,

    async list(
      workspaceId: string,
      query: CustomNodeListQuery & WithinGroups,
    ): Promise<CustomNodeList> {
      const { items, total } = await repository.list(workspaceId, listOptionsOf(query));
      return { items: items.map(toCustomNode), total };
    },

    get: async (workspaceId: string, id: string) => toCustomNode(await rowOf(workspaceId, id)),

    /** A new connector at version 1. */
    async create(
      workspaceId: string,
      body: CustomNodeBody,
      stamp: SaveStamp = noStamp,
    ): Promise<CustomNode> {
      checkSave(body);
      await checkGroup(workspaceId, body.group);
      return toCustomNode(
        await versioned.create(workspaceId, randomUUID(), savedColumns(body), stamp),
      );
    },

    /**
     * Every save is a version (docs/adr/0104); one based on another revision is refused (409).
     * The code version moves only when the params or the handler change (the repository decides).
     */
    async update(
      workspaceId: string,
      id: string,
      body: CustomNodeBody,
      stamp: SaveStamp = noStamp,
    ): Promise<CustomNode> {
      const existing = await rowOf(workspaceId, id);
      await versioned.check(workspaceId, existing, stamp);
      checkSave(body);
      await checkGroup(workspaceId, body.group);
      return toCustomNode(await versioned.update(workspaceId, existing, savedColumns(body), stamp));
    },

    /** Its current version and document, for its history (404 when it is not here). */
    versionState: async (workspaceId: string, id: string) =>
      versioned.state(await rowOf(workspaceId, id)),

    restoreBody: versioned.restoreBody,

    /** The copy is a new connector at version 1, created disabled, with its own history. */
    async duplicate(
      workspaceId: string,
      id: string,
      stamp: SaveStamp = noStamp,
    ): Promise<CustomNode> {
      const source = await rowOf(workspaceId, id);
      const copy = {
        name: copyName(source.name, limits.customNodeNameMax),
        serviceName: source.serviceName,
        description: source.description,
        enabled: false,
        imageData: source.imageData,
        executionType: source.executionType,
        code: source.code,
        params: source.params,
        groupId: source.groupId,
      };
      return toCustomNode(await versioned.create(workspaceId, randomUUID(), copy, stamp));
    },

    /** Marks it removed: its code versions stay for the flows that still hold it. */
    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await repository.remove(workspaceId, id, now()))) throw customNodeMissing(id);
      await versioned.removeAll(workspaceId, id);
    },
  };
}

export type CustomNodesService = ReturnType<typeof createCustomNodesService>;
