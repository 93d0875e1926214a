import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  dashboardSaveIssues,
  type Dashboard,
  type DashboardBody,
  type DashboardList,
  type dashboardListQuerySchema,
  type Widget,
} from '@ponte/shared/dashboards.schema';
import { errorCodes } from '@ponte/shared/errors';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { listOptionsOf } from '../../lib/named-resource/named-table';
import { copyName } from '../../lib/named-resource/copy-name';
import { groupCheck, removeOrMissing, rowOrMissing } from '../../lib/named-resource/named-rules';
import { sanitiseWidgetHtml } from './dashboard-html';
import { createDashboardsRepository, type DashboardRow } from './dashboards.repository';

const m = messages.dashboards;

export type DashboardListQuery = z.output<typeof dashboardListQuerySchema>;

export interface DashboardsServiceDeps {
  db: Database;
  now: () => Date;
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

/** The workspace's dashboards (spec 2 'Dashboards', §7), scoped to the session's workspace. */
export function createDashboardsService(deps: DashboardsServiceDeps) {
  const { db, now } = deps;
  const repository = createDashboardsRepository(db);

  const checkGroup = groupCheck(repository.groupExists);
  const rowOf = rowOrMissing(repository.find, dashboardMissing);

  return {
    repository,
    rowOf,

    async list(workspaceId: string, query: DashboardListQuery): Promise<DashboardList> {
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

    async create(workspaceId: string, body: DashboardBody): Promise<Dashboard> {
      checkSave(body);
      await checkGroup(workspaceId, body.group);
      const at = now();
      const row = await repository.insert(randomUUID(), workspaceId, {
        name: body.name,
        groupId: body.group || null,
        widgets: body.widgets.map(storedWidget),
        createdAt: at,
        updatedAt: at,
      });
      return toDashboard(row);
    },

    async update(workspaceId: string, id: string, body: DashboardBody): Promise<Dashboard> {
      await rowOf(workspaceId, id);
      checkSave(body);
      await checkGroup(workspaceId, body.group);
      const row = await repository.update(workspaceId, id, {
        name: body.name,
        groupId: body.group || null,
        widgets: body.widgets.map(storedWidget),
        updatedAt: now(),
      });
      if (!row) throw dashboardMissing(id);
      return toDashboard(row);
    },

    /** The copy keeps the group and the widgets; its name gets ' (cópia)'. */
    async duplicate(workspaceId: string, id: string): Promise<Dashboard> {
      const source = await rowOf(workspaceId, id);
      const at = now();
      const row = await repository.insert(randomUUID(), workspaceId, {
        name: copyName(source.name, limits.dashboardNameMax),
        groupId: source.groupId,
        widgets: source.widgets,
        createdAt: at,
        updatedAt: at,
      });
      return toDashboard(row);
    },

    remove: removeOrMissing(repository.remove, dashboardMissing),
  };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
