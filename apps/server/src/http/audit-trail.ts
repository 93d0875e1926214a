import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction, AuditChange } from '@ponte/shared/audit.schema';
import type { RouteAccess } from './route-access';

/** A change the API answered with success, as the audit log records it (docs/adr/0107). */
export interface AuditedChange {
  workspaceId: string;
  userId: string | null;
  apiKey: { id: string; name: string } | null;
  ip: string;
  action: AuditAction;
  resourceKind: string;
  resourceId: string;
  resourceName: string;
  detail: string;
  changes: AuditChange[];
}

export interface AuditTrailDeps {
  /** Every route's access (the modules' tables merged). */
  table: ReadonlyMap<string, RouteAccess>;
  /** Writes one change; awaited before the answer leaves. */
  record(change: AuditedChange): Promise<void>;
  onError(error: unknown): void;
}

/** Routes that ask or try without changing anything, and the session's own bookkeeping. */
const notChanges = new Set([
  'POST /api/v1/flows/network-check',
  'POST /api/v1/dashboards/query',
  'POST /api/v1/alert-rules/test',
  'POST /api/v1/custom-nodes/test',
  // A titular's search is kept in the LGPD's own register of requests (docs/adr/0124).
  'POST /api/v1/lgpd/titulars/search',
  'POST /api/v1/service-accounts/:id/test',
  'POST /engine/expressions/preview',
  'POST /engine/lookups',
  'POST /engine/schema-validator/flow-data',
  'POST /engine/flow/debugger/next-step/:flowId',
  'POST /engine/flow/debugger/stop-debug/:flowId',
  'PUT /account/v1/authenticate/refresh',
  'PUT /api/v1/users/refresh',
  'POST /account/v1/logout',
  'POST /account/v1/workspaces/switch',
]);

/** Actions named by the route rather than by its method. */
const actionsByRoute: readonly [RegExp, AuditAction][] = [
  [/\/versions\/:number\/restore$/, 'restore'],
  [/\/duplicate(\/:id)?$/, 'duplicate'],
  [/\/(manual-trigger|editor-run|debugger\/start-debug|debugger\/rerun)\//, 'run'],
  [/\/stop-execution$/, 'stop'],
  [/\/decision$/, 'decide'],
  [/\/control\/pause\//, 'pause'],
  [/\/control\/resume\//, 'resume'],
  [/\/control\/clean\//, 'clean'],
  [/\/jobs\/retry\//, 'retry'],
  [/\/lgpd\/titulars\/erase$/, 'delete'],
  [/\/users\/me\/password$/, 'password_change'],
];

/**
 * The area of a route: its permission's; a person's own routes are their account, and the
 * instance's (a new workspace, the AI budget) are about a workspace.
 */
function areaOfAccess(access: RouteAccess): string {
  if (access === 'session') return 'account';
  const area = access.split('.')[0]!;
  return area === 'instance' ? 'workspace' : area;
}

/**
 * What the audit log calls a route's success, or null when it is not a change: reads, public
 * routes (the first account, an invitation, an OAuth2 return: their services record what
 * matters), the session's bookkeeping, and API keys (the security log records them, ADR 0098).
 */
export function auditedAction(
  method: string,
  url: string,
  access: RouteAccess | undefined,
): { action: AuditAction; area: string } | null {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  if (!access || access === 'public' || access.endsWith('.read')) return null;
  const key = `${method} ${url}`;
  if (notChanges.has(key)) return null;
  const area = areaOfAccess(access);
  if (area === 'apiKeys') return null;
  const named = actionsByRoute.find(([pattern]) => pattern.test(url));
  if (named) return { action: named[1], area };
  if (method === 'DELETE') return { action: 'delete', area };
  if (method === 'POST') return { action: 'create', area };
  return { action: 'update', area };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Fields every resource carries that say nothing of what a person changed. */
const bookkeeping = new Set([
  '_id',
  'id',
  'created_at',
  'updated_at',
  'createdAt',
  'updatedAt',
  'version',
  'revision',
  'etag',
  'last_used_at',
  'updated_by',
  'created_by',
]);

const maxChanges = 30;
const maxValue = 200;

function shortText(value: Json | undefined): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > maxValue ? `${text.slice(0, maxValue - 1)}…` : text;
}

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an update changed, field by field (`nodes[2].name`), from the resource as the API read it
 * before and answered after. Lists that grew or shrank are told by their size; at most 30 fields.
 * The API never answers a secret, so no summary holds one.
 */
export function summarizeChanges(before: Json, after: Json): AuditChange[] {
  const changes: AuditChange[] = [];
  const walk = (a: Json | undefined, b: Json | undefined, path: string) => {
    if (changes.length >= maxChanges) return;
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (bookkeeping.has(key)) continue;
        walk(a[key], b[key], path ? `${path}.${key}` : key);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) {
        changes.push({
          field: path,
          before: `${a.length} ${a.length === 1 ? 'item' : 'itens'}`,
          after: `${b.length} ${b.length === 1 ? 'item' : 'itens'}`,
        });
        return;
      }
      a.forEach((item, index) => walk(item, b[index], `${path}[${index}]`));
      return;
    }
    if (JSON.stringify(a ?? null) === JSON.stringify(b ?? null)) return;
    changes.push({ field: path, before: shortText(a), after: shortText(b) });
  };
  walk(before, after, '');
  return changes;
}

/** The JSON an answer or a read holds, or null (a file, an empty body, not JSON). */
function jsonOf(payload: unknown, contentType: unknown): Json {
  if (typeof payload !== 'string' || !String(contentType ?? '').includes('json')) return null;
  if (payload.length > 2_000_000) return null;
  try {
    return JSON.parse(payload) as Json;
  } catch {
    return null;
  }
}

/** The object a read or an answer is about: itself, or the one object it wraps. */
function resourceOf(body: Json): { [key: string]: Json } | null {
  if (!isObject(body)) return null;
  const keys = Object.keys(body);
  const only = keys.length === 1 ? body[keys[0]!] : undefined;
  return '_id' in body || !isObject(only) ? body : only;
}

function nameOf(resource: { [key: string]: Json } | null): string {
  if (!resource) return '';
  for (const key of ['name', 'title', 'label', 'email']) {
    const value = resource[key];
    if (typeof value === 'string' && value) return value.slice(0, 300);
  }
  const user = resource.user;
  if (isObject(user) && typeof user.name === 'string') return user.name.slice(0, 300);
  return '';
}

const idParams = ['id', 'flowId', 'executionId', 'provider'];

interface Pending {
  action: AuditAction;
  area: string;
  before: Json;
}

const pendingOf = new WeakMap<FastifyRequest, Pending>();

/**
 * The audit trail of a guarded scope (docs/adr/0107): `preHandler` notes the change a request
 * asks for (an update or a removal first reads the resource through its own GET route, with the
 * caller's credentials); `onSend` records it, awaited, once the answer is a success — so every
 * change a caller saw succeed is in the log before the caller hears of it.
 */
export function auditTrail(deps: AuditTrailDeps) {
  const { table, record, onError } = deps;

  /** What a GET answers the caller now, as JSON, or null. */
  async function read(request: FastifyRequest, path: string): Promise<Json> {
    const headers: Record<string, string> = {};
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    const answer = await request.server.inject({ method: 'GET', url: path, headers });
    return answer.statusCode === 200
      ? jsonOf(answer.payload, answer.headers['content-type'])
      : null;
  }

  /**
   * The resource as the API shows it to the caller now: its own GET route, else its item in the
   * list of its parent route (`/members/:id` in `/members`), else null.
   */
  async function readBefore(request: FastifyRequest, url: string): Promise<Json> {
    const path = request.url.split('?')[0]!;
    if (table.has(`GET ${url}`)) return read(request, path);
    const parent = /^(.*)\/:id$/.exec(url)?.[1];
    const id = (request.params as Record<string, unknown> | undefined)?.id;
    if (!parent || typeof id !== 'string' || !table.has(`GET ${parent}`)) return null;
    const list = await read(request, path.slice(0, path.lastIndexOf('/')));
    const items = isObject(list) && Array.isArray(list.items) ? list.items : [];
    return items.find((item) => isObject(item) && item._id === id) ?? null;
  }

  return {
    async preHandler(request: FastifyRequest) {
      const url = request.routeOptions.url;
      if (!url || !request.auth) return;
      const audited = auditedAction(request.method, url, table.get(`${request.method} ${url}`));
      // A dry run (an import's report, docs/adr/0138) only asks: nothing changes.
      if (!audited || (request.body as { dry_run?: unknown } | undefined)?.dry_run === true) return;
      let before: Json = null;
      if (audited.action === 'update' || audited.action === 'delete') {
        before = await readBefore(request, url).catch((error: unknown) => {
          onError(error);
          return null;
        });
      }
      pendingOf.set(request, { ...audited, before });
    },

    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const pending = pendingOf.get(request);
      const session = request.auth;
      if (!pending || !session || reply.statusCode >= 400) return payload;
      pendingOf.delete(request);
      const after = resourceOf(jsonOf(payload, reply.getHeader('content-type')));
      const before = resourceOf(pending.before);
      const params = (request.params ?? {}) as Record<string, unknown>;
      const idParam = idParams.find((name) => typeof params[name] === 'string');
      const resourceId = idParam
        ? String(params[idParam])
        : typeof after?._id === 'string'
          ? after._id
          : '';
      let action = pending.action;
      let changes: AuditChange[] = [];
      if (action === 'update' && before && after) {
        changes = summarizeChanges(before, after);
        const active = changes.find((c) => c.field === 'enabled' || c.field === 'active');
        if (active && changes.length === 1) action = active.after === 'true' ? 'enable' : 'disable';
      }
      const executionId =
        action === 'run' && typeof after?.execution_id === 'string' ? after.execution_id : '';
      try {
        await record({
          workspaceId: session.workspaceId,
          userId: session.userId || null,
          apiKey: session.apiKey ?? null,
          ip: request.ip,
          action,
          resourceKind: pending.area,
          resourceId,
          resourceName: nameOf(before) || nameOf(after),
          detail: executionId ? `Execução ${executionId}.` : '',
          changes,
        });
      } catch (error) {
        // The change is made; the caller hears of it even when its record could not be written.
        onError(error);
      }
      return payload;
    },
  };
}

export type AuditTrail = ReturnType<typeof auditTrail>;
