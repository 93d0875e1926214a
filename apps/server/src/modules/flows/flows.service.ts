import { errorCodes } from '@ponte/shared/errors';
import {
  flowDocumentSchema,
  emptyFlowDocument,
  type FlowDocument,
} from '@ponte/shared/flow/flow-document.schema';
import { declaredInputsOf } from '@ponte/shared/flow/declared-inputs';
import { countNodes, type ManifestLookup } from '@ponte/shared/flow/flow-operations';
import {
  validateFlow,
  type FlowIssue,
  type ValidateFlowOptions,
} from '@ponte/shared/flow/flow-validator';
import type {
  Flow,
  FlowBody,
  FlowConfigValues,
  FlowList,
  FlowListQuery,
  FlowUpdate,
} from '@ponte/shared/flows.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import type { FlowConfig } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { listOptionsOf, type WithinGroups } from '../../lib/named-resource/named-table';
import { copyName } from '../../lib/named-resource/copy-name';
import { groupCheck, removeOrMissing, rowOrMissing } from '../../lib/named-resource/named-rules';
import type {
  FlowState,
  HookRegistrations,
} from '../hook-registrations/hook-registrations.service';
import type { SaveStamp, VersionsService } from '../versions/versions.service';
import { flowVersioning } from './flow-versions';
import {
  createFlowsRepository,
  type FlowRow,
  type FlowsRepository,
  type FlowWrite,
} from './flows.repository';

const m = messages.flows;

export interface FlowsServiceDeps {
  db: Database;
  now: () => Date;
  /** The node library the documents are checked against. */
  lookup: ManifestLookup;
  /** Each node type's own check of its params (cron, time zone, wait range). */
  checkParams?: ValidateFlowOptions['checkParams'];
  /** Called after a flow was created, saved, duplicated or removed (its triggers reload). */
  onChange?: (workspaceId: string, flowId: string) => Promise<void> | void;
  /**
   * The workspace's lookup for a document: the built-ins plus the custom connectors it names
   * (docs/adr/0042). Without it, `lookup` and `checkParams` for every workspace.
   */
  lookupFor?: (
    workspaceId: string,
    data: unknown,
  ) => Promise<{ lookup: ManifestLookup; checkParams?: ValidateFlowOptions['checkParams'] }>;
  /** Installation-wide Action/Trigger limit (PONTE_NODE_LIMIT), over the customer's own. */
  nodeLimit?: number | null;
  /** Service triggers' addresses registered at their services (docs/adr/0091). */
  hookRegistrations?: Pick<HookRegistrations, 'prepare'>;
  /** PONTE_PUBLIC_URL: the public address of a save without a request (the CLI's import). */
  publicUrl?: string | null;
  /** Every save is a version (docs/adr/0103). */
  versions: VersionsService;
}

/**
 * What a save knows of its request: the installation's public address, and who saves on
 * which version (without it: no person, no check, as the CLI's import).
 */
export interface SaveContext {
  publicBase: string;
  stamp?: SaveStamp;
}

const noStamp: SaveStamp = { userId: null };

/** Nodes this installation cannot run: a save that brings or enables them is refused. */
const unusableCodes: readonly FlowIssue['code'][] = ['unknown_version', 'unavailable_type'];

const issueDetails = (issues: FlowIssue[]) =>
  issues.map((issue) => ({ field: issue.node_uid ?? 'data', message: issue.message }));

/** `fields` is space-joined: `-name` leaves a field out, `name` alone keeps only the named ones. */
function wanted(fields: string | undefined, field: string): boolean {
  const tokens = (fields ?? '').split(/\s+/).filter(Boolean);
  if (tokens.includes(`-${field}`)) return false;
  const included = tokens.filter((token) => !token.startsWith('-'));
  return included.length === 0 || included.includes(field);
}

/** Nodes of the document whose type version is deprecated. */
function deprecatedNodes(lookup: ManifestLookup, data: unknown): string[] {
  const parsed = flowDocumentSchema.safeParse(data);
  if (!parsed.success) return [];
  return parsed.data.nodes
    .filter((node) => lookup(node.type, node.typeVersion)?.deprecated)
    .map((node) => node.uid);
}

/** A row as the API answers it. */
const flowMapper =
  (lookup: ManifestLookup) =>
  (row: Partial<FlowRow> & Pick<FlowRow, 'id'>): Flow => ({
    _id: row.id,
    name: row.name ?? '',
    enabled: row.enabled ?? false,
    group: row.groupId ?? null,
    workspace: row.workspaceId ?? '',
    triggers: row.triggers ?? [],
    variables: row.variables ?? [],
    ...(row.data !== undefined ? { data: row.data as FlowDocument } : {}),
    ...(row.thumbnailData !== undefined ? { thumbnailData: row.thumbnailData } : {}),
    description: row.description ?? '',
    config: {
      rate_limit: row.config?.rate_limit ?? 0,
      save_executions: row.config?.save_executions ?? 'default',
      continue_unawaited: row.config?.continue_unawaited ?? true,
      ...(row.config?.mcp_tool ? { mcp_tool: row.config.mcp_tool } : {}),
      ...(row.config?.lgpd ? { lgpd: row.config.lgpd } : {}),
      ...(row.config?.retention_days != null ? { retention_days: row.config.retention_days } : {}),
    },
    deprecated_nodes: row.data !== undefined ? deprecatedNodes(lookup, row.data) : [],
    version: row.version ?? 1,
    created_at: row.createdAt ? toIso(row.createdAt) : '',
    updated_at: row.updatedAt ? toIso(row.updatedAt) : '',
  });

interface DocumentRules {
  lookup: ManifestLookup;
  checkParams?: ValidateFlowOptions['checkParams'] | undefined;
  lookupFor?: FlowsServiceDeps['lookupFor'];
  nodeLimit: number | null | undefined;
  repository: Pick<FlowsRepository, 'nodeLimit'>;
}

/**
 * The save rules: a malformed document or a deprecated node is refused (400), more
 * Action/Trigger nodes than the customer's limit too (429); a flow with errors may be saved
 * disabled (a draft) but never enabled. A node pinned to a version this installation no
 * longer has, or whose area does not exist yet, is refused too (ADR 0014), except when a
 * stored flow is only being disabled (`newData` false).
 */
async function checkFlowDocument(
  rules: DocumentRules,
  workspaceId: string,
  data: unknown,
  enabled: boolean,
  newData: boolean,
) {
  const { nodeLimit, repository } = rules;
  const { lookup, checkParams } = rules.lookupFor
    ? await rules.lookupFor(workspaceId, data)
    : rules;
  const parsed = flowDocumentSchema.safeParse(data);
  const issues = validateFlow(data, lookup, checkParams ? { checkParams } : {});
  if (!parsed.success) {
    throw new AppError(400, errorCodes.invalidFlow, m.invalidDocument, issueDetails(issues));
  }
  const tooLarge = issues.filter((issue) => issue.code === 'too_large');
  if (tooLarge.length) {
    throw new AppError(400, errorCodes.invalidFlow, tooLarge[0]!.message, issueDetails(tooLarge));
  }
  const unusable = issues.filter((issue) => unusableCodes.includes(issue.code));
  if (unusable.length && (newData || enabled)) {
    throw new AppError(400, errorCodes.invalidFlow, m.unusableNodes, issueDetails(unusable));
  }
  const doc = parsed.data;
  if (deprecatedNodes(lookup, doc).length)
    throw new AppError(400, errorCodes.deprecatedNodes, m.deprecated);
  const limit = nodeLimit ?? (await repository.nodeLimit(workspaceId)) ?? limits.defaultNodeLimit;
  if (countNodes(doc, lookup).actionTrigger > limit) {
    throw new AppError(429, errorCodes.nodeLimit, m.nodeLimit(limit));
  }
  const errors = issues.filter((issue) => issue.level === 'error');
  const connector = errors.find((issue) => issue.code === 'connector_unavailable');
  if (enabled && connector) {
    throw new AppError(400, errorCodes.invalidFlow, connector.message, issueDetails(errors));
  }
  if (enabled && errors.length) {
    throw new AppError(400, errorCodes.invalidFlow, m.invalidToEnable, issueDetails(errors));
  }
  const triggers = doc.nodes
    .filter((node) => lookup(node.type, node.typeVersion)?.category === 'trigger')
    .map((node) => ({ node_uid: node.uid, node_type: node.type }));
  return { doc, triggers };
}

/**
 * A save's registrations of service triggers (docs/adr/0091) around its write: the new ones
 * made before (a refusal throws, nothing is written), the stale ones removed after, the new
 * ones undone when the write fails. The public address is the request's, else PONTE_PUBLIC_URL.
 */
function hookSteps(
  deps: Pick<FlowsServiceDeps, 'hookRegistrations' | 'publicUrl'>,
  repository: FlowsRepository,
  context: SaveContext | undefined,
) {
  const base = context?.publicBase ?? deps.publicUrl ?? null;
  const prepare = (...args: [string, string, FlowState | null, FlowState | null]) =>
    deps.hookRegistrations?.prepare(args[0], args[1], [args[2], args[3]], base);
  return {
    /** The row's id is in the address: registered after the insert, which a refusal undoes. */
    async created(workspaceId: string, row: FlowRow) {
      await prepare(workspaceId, row.id, null, row)?.catch(async (error: unknown) => {
        await repository.remove(workspaceId, row.id);
        throw error;
      });
    },
    async write<T>(
      workspaceId: string,
      id: string,
      [before, after]: [FlowState | null, FlowState | null],
      write: () => Promise<T | null | undefined>,
    ) {
      const prepared = await prepare(workspaceId, id, before, after);
      const row = await write().catch(async (error: unknown) => {
        await prepared?.undo();
        throw error;
      });
      await (row ? prepared?.done() : prepared?.undo());
      return row;
    },
  };
}

/** What `config` stores: the options the API knows, nothing else. */
const storedConfig = ({
  rate_limit,
  save_executions,
  continue_unawaited,
  mcp_tool,
  lgpd,
  retention_days,
}: FlowConfigValues): FlowConfig => ({
  rate_limit,
  save_executions,
  continue_unawaited,
  ...(mcp_tool ? { mcp_tool } : {}),
  ...(lgpd ? { lgpd } : {}),
  ...(retention_days != null ? { retention_days } : {}),
});

/**
 * A flow offered as an MCP tool must start by 'Chamado por outro flow' (docs/adr/0098): its
 * declared inputs are the tool's arguments. Checked on every save, whichever of the two changed.
 */
function checkMcpTool(config: FlowConfig, data: unknown): FlowConfig {
  if (!config.mcp_tool?.enabled) return config;
  const parsed = flowDocumentSchema.safeParse(data);
  if (parsed.success && declaredInputsOf(parsed.data)) return config;
  throw new AppError(400, errorCodes.invalidFlow, messages.mcpServer.toolNeedsFlowTrigger, [
    { field: 'config.mcp_tool', message: messages.mcpServer.toolNeedsFlowTrigger },
  ]);
}

/** The fields an update sent, as the row stores them (the document apart). */
function sentValues(body: FlowUpdate): Partial<FlowWrite> {
  const values: Partial<FlowWrite> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.enabled !== undefined) values.enabled = body.enabled;
  if (body.group !== undefined) values.groupId = body.group;
  if (body.variables !== undefined) values.variables = body.variables;
  if (body.thumbnailData !== undefined) values.thumbnailData = body.thumbnailData;
  if (body.description !== undefined) values.description = body.description;
  if (body.config !== undefined) values.config = storedConfig(body.config);
  return values;
}

/** What a duplicate writes of its source: disabled, named "… (cópia)". */
function copyOf(source: FlowRow): FlowWrite {
  const { id: _id, workspaceId: _ws, createdAt: _c, updatedAt: _u, version: _v, ...copy } = source;
  return { ...copy, name: copyName(source.name, limits.flowNameMax), enabled: false };
}

/** Tells `onChange` of a flow created, saved, duplicated or removed, and gives the flow back. */
const announcer =
  (onChange: FlowsServiceDeps['onChange']) =>
  async (workspaceId: string, flow: Flow): Promise<Flow> => {
    await onChange?.(workspaceId, flow._id);
    return flow;
  };

export function createFlowsService(deps: FlowsServiceDeps) {
  const { db, lookup, onChange } = deps;
  const repository = createFlowsRepository(db);
  const versioned = flowVersioning(deps.versions, repository);
  const missing = (id: string) => notFound(m.notFound, { kind: 'flow', id });
  const changed = announcer(onChange);

  const toFlow = flowMapper(lookup);
  const rules: DocumentRules = { ...deps, nodeLimit: deps.nodeLimit, repository };
  const checkDocument = (workspaceId: string, data: unknown, enabled: boolean, newData = true) =>
    checkFlowDocument(rules, workspaceId, data, enabled, newData);

  const checkGroup = groupCheck(repository.groupExists, m.groupNotFound);
  const rowOf = rowOrMissing(repository.find, missing);
  const removeRow = removeOrMissing(repository.remove, missing);
  const hooks = (context?: SaveContext) => hookSteps(deps, repository, context);

  return {
    async list(workspaceId: string, query: FlowListQuery & WithinGroups): Promise<FlowList> {
      const { items, total } = await repository.list(workspaceId, {
        ...listOptionsOf(query),
        status: query.status,
        withData: wanted(query.fields, 'data'),
        withThumbnail: wanted(query.fields, 'thumbnailData'),
      });
      return { items: items.map(toFlow), total };
    },

    async get(workspaceId: string, id: string): Promise<Flow> {
      return toFlow(await rowOf(workspaceId, id));
    },

    /** The save rules of `create` without saving (an import checks every flow first). */
    async check(workspaceId: string, body: Pick<FlowBody, 'data' | 'enabled'>): Promise<void> {
      await checkDocument(workspaceId, body.data ?? emptyFlowDocument(), body.enabled);
    },

    async create(workspaceId: string, body: FlowBody, context?: SaveContext): Promise<Flow> {
      await checkGroup(workspaceId, body.group);
      const { doc, triggers } = await checkDocument(
        workspaceId,
        body.data ?? emptyFlowDocument(),
        body.enabled,
      );
      const values: FlowWrite = {
        name: body.name,
        enabled: body.enabled,
        groupId: body.group,
        triggers,
        variables: body.variables,
        data: doc,
        thumbnailData: body.thumbnailData ?? null,
        description: body.description,
        config: checkMcpTool(storedConfig(body.config), doc),
      };
      const row = await versioned.create(workspaceId, values, context?.stamp ?? noStamp);
      await hooks(context).created(workspaceId, row);
      return changed(workspaceId, toFlow(row));
    },

    async update(workspaceId: string, id: string, body: FlowUpdate, context?: SaveContext) {
      const existing = await rowOf(workspaceId, id);
      const stamp = context?.stamp ?? noStamp;
      await versioned.check(workspaceId, existing, stamp);
      await checkGroup(workspaceId, body.group);
      const enabled = body.enabled ?? existing.enabled;
      const values: Partial<FlowWrite> = {};
      if (body.data !== undefined || enabled !== existing.enabled) {
        const { doc, triggers } = await checkDocument(
          workspaceId,
          body.data ?? existing.data,
          enabled,
          body.data !== undefined,
        );
        Object.assign(values, { data: doc, triggers });
      }
      Object.assign(values, sentValues(body));
      checkMcpTool(values.config ?? existing.config, values.data ?? existing.data);
      const after = { enabled, data: values.data ?? existing.data };
      const row = await hooks(context).write(workspaceId, id, [existing, after], () =>
        versioned.update(workspaceId, existing, values, stamp),
      );
      if (!row) throw missing(id);
      return changed(workspaceId, toFlow(row));
    },

    /** The copy is created disabled (spec 1 §4), named "… (cópia)", at its version 1. */
    async duplicate(workspaceId: string, id: string, stamp: SaveStamp = noStamp): Promise<Flow> {
      const copy = copyOf(await rowOf(workspaceId, id));
      const row = await versioned.create(workspaceId, copy, { userId: stamp.userId });
      return changed(workspaceId, toFlow(row));
    },

    /** The current version and document of a flow of the workspace (404 without one). */
    async versionState(workspaceId: string, id: string) {
      return versioned.state(await rowOf(workspaceId, id));
    },

    /** A version's document as an update of the flow ('Restaurar', docs/adr/0103). */
    restoreBody: versioned.restoreBody,

    async remove(workspaceId: string, id: string, context?: SaveContext): Promise<void> {
      // Read before the row goes (its registrations' rows go with it), removed after.
      const existing = deps.hookRegistrations && (await repository.find(workspaceId, id));
      await hooks(context).write(workspaceId, id, [existing || null, null], () =>
        removeRow(workspaceId, id).then(() => true),
      );
      await versioned.removeAll(workspaceId, id);
      await onChange?.(workspaceId, id);
    },
  };
}

export type FlowsService = ReturnType<typeof createFlowsService>;
