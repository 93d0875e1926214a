import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  dashboardSaveIssues,
  type Dashboard,
  type DashboardBody,
  type DashboardList,
  type dashboardListQuerySchema,
  type DashboardUpdate,
  type Widget,
} from '@ponte/shared/dashboards.schema';
import { errorCodes } from '@ponte/shared/errors';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { listOptionsOf, type WithinGroups } from '../../lib/named-resource/named-table';
import { copyName } from '../../lib/named-resource/copy-name';
import { groupCheck, removeOrMissing, rowOrMissing } from '../../lib/named-resource/named-rules';
import { noStamp, type SaveStamp, type VersionsService } from '../versions/versions.service';
import { sanitiseWidgetHtml } from './dashboard-html';
import { dashboardVersioning } from './dashboard-versions';
import { createDashboardsRepository, type DashboardRow } from './dashboards.repository';

const m = messages.dashboards;

export type DashboardListQuery = z.output<typeof dashboardListQuerySchema>;

export interface DashboardsServiceDeps {
  db: Database;
  /** Every save is a version (docs/adr/0103). */
  versions: VersionsService;
}

export const toDashboard = (row: DashboardRow): Dashboard => ({
  _id: row.id,
  name: row.name,
  group: row.groupId ?? null,
  widgets: row.widgets,
  workspace_id: row.workspaceId,
  version: row.version,
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
});

/** Not found in this workspace; naming it lets the security log record another's id. */
export const dashboardMissing = (id: string) => notFound(m.notFound, { kind: 'dashboard', id });

/** Spec 2 §5 'Dashboard': 400 with the first issue's message and every issue in `details`. */
function checkSave(body: DashboardBody) {
  const issues = dashboardSaveIssues(body);
  if (!issues.length) return;
  const details = issues.map((message) => ({ field: 'dashboard', message }));
  throw new AppError(400, errorCodes.validation, issues[0]!, details);
}

/** A widget as stored: without its `content` (emptied on save), its HTML sanitised. */
export function storedWidget(widget: Widget): Widget {
  const { content: _content, ...rest } = widget;
  return { ...rest, config: { ...rest.config, html: sanitiseWidgetHtml(rest.config.html) } };
}

/** What a save writes of a checked body. */
const savedValues = (body: DashboardBody) => ({
  name: body.name,
  groupId: body.group || null,
  widgets: body.widgets.map(storedWidget),
});

/** The workspace's dashboards (spec 2 'Dashboards', §7), scoped to the session's workspace. */
export function createDashboardsService(deps: DashboardsServiceDeps) {
  const repository = createDashboardsRepository(deps.db);
  const versioned = dashboardVersioning(deps.versions, repository);

  const checkGroup = groupCheck(repository.groupExists);
  const rowOf = rowOrMissing(repository.find, dashboardMissing);
  const removeRow = removeOrMissing(repository.remove, dashboardMissing);

  return {
    repository,
    rowOf,

    async list(
      workspaceId: string,
      query: DashboardListQuery & WithinGroups,
    ): Promise<DashboardList> {
      const { items, total } = await repository.list(workspaceId, listOptionsOf(query));
      return {
        items: items.map((row) => ({
          _id: row.id,
          name: row.name,
          group: row.groupId ?? null,
          workspace_id: row.workspaceId,
          version: row.version,
          created_at: toIso(row.createdAt),
          updated_at: toIso(row.updatedAt),
          widget_count: Number(row.widgetCount),
        })),
        total,
      };
    },

    get: async (workspaceId: string, id: string) => toDashboard(await rowOf(workspaceId, id)),

    async create(
      workspaceId: string,
      body: DashboardBody,
      stamp: SaveStamp = noStamp,
    ): Promise<Dashboard> {
      checkSave(body);
      await checkGroup(workspaceId, body.group);
      const row = await versioned.create(workspaceId, randomUUID(), savedValues(body), stamp);
      return toDashboard(row);
    },

    /** A new version, only when the save was based on the current one (if it says). */
    async update(
      workspaceId: string,
      id: string,
      body: DashboardUpdate,
      stamp: SaveStamp = noStamp,
    ): Promise<Dashboard> {
      const existing = await rowOf(workspaceId, id);
      await versioned.check(workspaceId, existing, stamp);
      checkSave(body);
      await checkGroup(workspaceId, body.group);
      return toDashboard(await versioned.update(workspaceId, existing, savedValues(body), stamp));
    },

    /** The copy keeps the group and the widgets; its name gets ' (cópia)'; at its version 1. */
    async duplicate(
      workspaceId: string,
      id: string,
      stamp: SaveStamp = noStamp,
    ): Promise<Dashboard> {
      const source = await rowOf(workspaceId, id);
      const values = {
        name: copyName(source.name, limits.dashboardNameMax),
        groupId: source.groupId,
        widgets: source.widgets,
      };
      const row = await versioned.create(workspaceId, randomUUID(), values, {
        userId: stamp.userId,
      });
      return toDashboard(row);
    },

    /** The current version and document of a dashboard of the workspace (404 without one). */
    versionState: async (workspaceId: string, id: string) =>
      versioned.state(await rowOf(workspaceId, id)),

    /** A version's document as an update of the dashboard ('Restaurar', docs/adr/0103). */
    restoreBody: versioned.restoreBody,

    /** The dashboard and its versions. */
    async remove(workspaceId: string, id: string): Promise<void> {
      await removeRow(workspaceId, id);
      await versioned.removeAll(workspaceId, id);
    },
  };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
