import type { FastifyRequest } from 'fastify';
import { messages } from '@ponte/shared/messages';
import { invalidField, roleDenied } from '../lib/app-error';
import { groupAllowed } from '../lib/group-access/group-scope';
import type { GroupedKind, GroupLookup } from '../lib/group-access/group-lookup';

type Where = 'params' | 'body' | 'query';
/** Where a route names a grouped resource: `[where, field, kind]`. */
type Naming = readonly [Where, string, GroupedKind];

const id = (kind: GroupedKind): Naming => ['params', 'id', kind];
const flowId: Naming = ['params', 'flowId', 'flow'];
const executionId: Naming = ['params', 'executionId', 'execution'];

/** The routes alike in the seven named areas: read, save, remove, versions, copy. */
function namedArea(base: string, kind: GroupedKind, copy: 'prefix' | 'suffix' | null) {
  const routes: Record<string, Naming> = {
    [`GET ${base}/:id`]: id(kind),
    ...(kind === 'queue'
      ? {}
      : { [`PUT ${base}/:id`]: id(kind), [`DELETE ${base}/:id`]: id(kind) }),
    [`GET ${base}/:id/versions`]: id(kind),
    [`GET ${base}/:id/versions/:number`]: id(kind),
    [`POST ${base}/:id/versions/:number/restore`]: id(kind),
  };
  if (copy === 'prefix') routes[`POST ${base}/duplicate/:id`] = id(kind);
  if (copy === 'suffix') routes[`POST ${base}/:id/duplicate`] = id(kind);
  return routes;
}

/**
 * Every route that names a resource living in a group (docs/adr/0109): a member limited to some
 * groups reaches it only when its group (a flow's for an execution or an approval, a table's for
 * a record) is one of theirs. A route absent here names nothing grouped (a variable, a service
 * account, a member); `group-access.test.ts` holds every route with a parameter to one side.
 */
export const groupedRoutes: Readonly<Record<string, Naming>> = {
  ...namedArea('/api/v1/flows', 'flow', 'prefix'),
  ...namedArea('/api/v1/forms', 'form', null),
  ...namedArea('/api/v1/queues', 'queue', null),
  ...namedArea('/api/v1/dashboards', 'dashboard', 'prefix'),
  ...namedArea('/api/v1/db/tables', 'table', 'suffix'),
  ...namedArea('/api/v1/custom-nodes', 'customNode', 'prefix'),
  ...namedArea('/api/v1/alert-rules', 'alertRule', 'prefix'),
  'GET /api/v1/alert-rules/:id/firings': id('alertRule'),
  'GET /api/v1/queues/:id/depth': id('queue'),
  'GET /api/v1/queues/:id/restores': id('queue'),
  'GET /api/v1/queues/jobs/:id': id('queue'),
  'POST /api/v1/queues/control/clean/:id': id('queue'),
  'POST /api/v1/queues/control/pause/:id': id('queue'),
  'POST /api/v1/queues/control/resume/:id': id('queue'),
  'POST /api/v1/queues/jobs/new/:id': id('queue'),
  'POST /api/v1/queues/jobs/retry/:id/:jobId': id('queue'),
  'DELETE /api/v1/queues/jobs/remove/:id/:jobId': id('queue'),
  'PUT /api/v1/queues': ['body', '_id', 'queue'],
  'DELETE /api/v1/queues': ['body', '_id', 'queue'],
  'GET /api/v1/db/tables/:id/fields/:name/values-count': id('table'),
  'GET /api/v1/db/entities': ['query', 'filter', 'table'],
  'GET /api/v1/db/entities/:id': id('record'),
  'PUT /api/v1/db/entities/:id': id('record'),
  'DELETE /api/v1/db/entities/:id': id('record'),
  'POST /api/v1/db/entities': ['body', 'table', 'table'],
  'DELETE /api/v1/db/entities/mass': ['body', 'ids', 'record'],
  'GET /api/v1/db/entities/export/:id/csv': id('table'),
  'POST /api/v1/dashboards/query': ['body', 'id', 'dashboard'],
  'GET /api/v1/groups/:id': id('group'),
  'GET /api/v1/monitoring/executions/:executionId/data': executionId,
  'GET /api/v1/monitoring/executions/:executionId/data/:nodeUid': executionId,
  'POST /api/v1/monitoring/executions/:executionId/run-now': executionId,
  'POST /api/v1/monitoring/executions/:executionId/rerun': executionId,
  'POST /api/v1/monitoring/executions/rerun-failed': ['body', 'flow_id', 'flow'],
  'POST /api/v1/monitoring/executions/rerun-failed/preview': ['body', 'flow_id', 'flow'],
  'POST /api/v1/approvals/:id/decision': id('approval'),
  'GET /engine/flow/last-trigger-message/:flowId/:nodeUid': flowId,
  'GET /engine/flow/manual-trigger/:flowId': flowId,
  'POST /engine/flow/manual-trigger/:flowId': flowId,
  'POST /engine/flow/editor-run/:flowId': flowId,
  'POST /engine/flow/debugger/next-step/:flowId': flowId,
  'POST /engine/flow/debugger/start-debug/:flowId': flowId,
  'POST /engine/flow/debugger/stop-debug/:flowId': flowId,
  'POST /engine/flow/debugger/rerun/:executionId': executionId,
  'POST /engine/stop-execution': ['body', 'execution_id', 'execution'],
  'POST /engine/expressions/preview': ['body', 'flow_id', 'flow'],
};

/** Where a resource is made or moved: its `group` must be one of a limited member's. */
export const groupChoosingRoutes: ReadonlySet<string> = new Set([
  'POST /api/v1/flows',
  'POST /api/v1/flows/import-from',
  'POST /api/v1/forms',
  'POST /api/v1/queues',
  'POST /api/v1/dashboards',
  'POST /api/v1/db/tables',
  'POST /api/v1/custom-nodes',
  'POST /api/v1/custom-nodes/openapi',
  'POST /api/v1/alert-rules',
  'PUT /api/v1/flows/:id',
  'PUT /api/v1/forms/:id',
  'PUT /api/v1/queues',
  'PUT /api/v1/dashboards/:id',
  'PUT /api/v1/db/tables/:id',
  'PUT /api/v1/custom-nodes/:id',
  'PUT /api/v1/alert-rules/:id',
  'POST /api/v1/db/tables/:id/duplicate',
]);

/** Groups themselves: a limited member reads theirs and manages none. */
export const groupManagement: ReadonlySet<string> = new Set([
  'POST /api/v1/groups',
  'PUT /api/v1/groups/:id',
  'DELETE /api/v1/groups/:id',
]);

/** What a request names: the field's text, a list of ids, or a table inside a JSON filter. */
function refsOf(request: FastifyRequest, [where, field]: Naming): string[] {
  const source = request[where] as Record<string, unknown> | undefined;
  let value = source?.[field];
  if (where === 'query' && field === 'filter' && typeof value === 'string') {
    try {
      value = (JSON.parse(value) as { table?: unknown } | null)?.table;
    } catch {
      return []; // the route answers the bad filter itself
    }
  }
  const values = Array.isArray(value) ? value : [value];
  return values.filter((each): each is string => typeof each === 'string' && each !== '');
}

/** The body's `group` where a route makes or moves a resource; undefined when not told. */
function chosenGroup(request: FastifyRequest, key: string): string | null | undefined {
  const body = request.body as { group?: unknown } | undefined;
  const group = body?.group;
  if (group === undefined)
    return key.startsWith('POST ') && !key.endsWith('/duplicate') ? null : undefined;
  return typeof group === 'string' && group !== '' && group !== 'none' ? group : null;
}

/**
 * preHandler of the guarded scopes (after the access table's check, the body parsed): a member
 * limited to some groups (docs/adr/0109) reaches, makes and moves only what is in them. Others
 * pass untouched.
 */
export function groupAccessGuard(lookup: GroupLookup) {
  return async function check(request: FastifyRequest): Promise<void> {
    const limit = request.auth?.groupIds;
    const url = request.routeOptions.url;
    if (!limit || !url) return;
    const key = `${request.method === 'HEAD' ? 'GET' : request.method} ${url}`;
    if (groupManagement.has(key)) throw roleDenied(messages.groupAccess.cannotManage);
    if (groupChoosingRoutes.has(key)) {
      const group = chosenGroup(request, key);
      if (group !== undefined && !groupAllowed(limit, group))
        throw invalidField('group', messages.groupAccess.chooseYours);
    }
    const naming = groupedRoutes[key];
    if (!naming) return;
    const refs = refsOf(request, naming);
    if (!refs.length) return;
    const kind = naming[2];
    const groups = kind === 'group' ? refs : await lookup(request.auth!.workspaceId, kind, refs);
    if (groups.some((group) => !groupAllowed(limit, group)))
      throw roleDenied(messages.groupAccess.outside);
  };
}
