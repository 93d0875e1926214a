import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { messages } from '@ponte/shared/messages';
import {
  apiKeyScopes,
  can,
  deniedBecause,
  keyDeniedBecause,
  roles,
  scopeAllows,
  type Permission,
  type Role,
} from '@ponte/shared/roles';
import { serverModules } from '../app';
import { useTestApp, type TestAccount } from '../test/test-app';
import { routeAccessGuard, type RouteAccess } from './route-access';

interface Operation {
  security?: unknown[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const guarded = ['/api/v1/', '/engine/', '/account/v1/'];
const placeholderId = '3f2c9a4e-8b1d-4c7e-9f60-2a5b8d1e4c73';
/** Calls that end the caller's session: they are 'session' in the table and not called here. */
const endsTheSession = new Set([
  'POST /account/v1/logout',
  'PUT /account/v1/authenticate/refresh',
  'PUT /api/v1/users/refresh',
]);
/** The MCP server's routes take a workspace API token, not a session (docs/adr/0098). */
const takesSession = (operation: Operation) =>
  operation.security?.length !== 0 &&
  !(operation.security ?? []).every((scheme) => 'workspaceApiToken' in (scheme as object));

/** Every signed-in operation of the document: `METHOD /path/:param` as the tables write it. */
function operationsOf(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method, operation]) => method !== 'head' && takesSession(operation))
      .filter(() => guarded.some((prefix) => path.startsWith(prefix)))
      .map(([method]) => ({
        key: `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`,
        method: method.toUpperCase() as InjectOptions['method'],
        path,
      })),
  );
}

const access = routeAccessGuard(
  serverModules.flatMap((module) =>
    module.access ? [{ module: module.name, access: module.access }] : [],
  ),
).table;

describe('who may call each route (docs/adr/0106)', () => {
  const t = useTestApp('embedded');
  let doc: Document;
  const members = new Map<Role, TestAccount>();
  let secretAccountId = '';
  const secret = 'segredo-que-so-o-servico-conhece-7f3a';

  beforeAll(async () => {
    doc = (await t.app.inject('/api/docs/json')).json() as Document;
    const owner = await t.createAccount();
    members.set('owner', owner);
    for (const role of roles.filter((r) => r !== 'owner')) {
      members.set(role, await t.addMember(owner, role));
    }
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: 'ERP',
      auth_type: 'bearer_token',
      bearer_token: { token: secret, domains: 'erp.exemplo.com.br' },
    });
    expect(created.statusCode, created.body).toBe(201);
    secretAccountId = (created.json() as { _id: string })._id;
  });

  it('has every signed-in route of the document in one table, and nothing else', () => {
    const documented = operationsOf(doc).map((operation) => operation.key);
    expect(documented.length).toBeGreaterThan(150);
    expect(documented.filter((key) => !access.has(key))).toEqual([]);
    const tableOnly = [...access.entries()]
      // A route answering with and without its trailing slash is documented once.
      .filter(([key, value]) => value !== 'public' && !documented.includes(key))
      .filter(([key]) => !documented.includes(`${key}/`))
      .map(([key]) => key);
    expect(tableOnly).toEqual([]);
  });

  it('answers 403 with the role and the action exactly where the table says so', async () => {
    const wrong: string[] = [];
    for (const { key, method, path } of operationsOf(doc)) {
      const needed = access.get(key) as RouteAccess;
      if (endsTheSession.has(key)) continue;
      const url = path.replace(/\{[^}]+\}/g, placeholderId);
      for (const role of roles) {
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${members.get(role)!.token}` },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const denied = needed !== 'session' && needed !== 'public' && !can(role, needed);
        const refusedByRole =
          res.statusCode === 403 &&
          (res.json() as { message?: string }).message?.startsWith('Seu papel');
        if (denied) {
          if (res.statusCode !== 403 || res.json().message !== deniedBecause(role, needed)) {
            wrong.push(`${key} ${role}: esperava 403, veio ${res.statusCode}`);
          }
        } else if (refusedByRole || res.statusCode === 401) {
          wrong.push(`${key} ${role}: esperava passar, veio ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers an API key by its scopes on every route, and never on a person's own", async () => {
    const owner = members.get('owner')!;
    const wrong: string[] = [];
    for (const scopes of [['flows.read'], ['flows.run'], apiKeyScopes] as Permission[][]) {
      const created = await t
        .request(owner.token)
        .post('/api/v1/api-tokens', { name: `Chave ${scopes.length}`, scopes });
      expect(created.statusCode, created.body).toBe(201);
      const token = (created.json() as { token: string }).token;
      for (const { key, method, path } of operationsOf(doc)) {
        const needed = access.get(key) as RouteAccess;
        if (needed === 'public') continue;
        const res = await t.app.inject({
          method,
          url: path.replace(/\{[^}]+\}/g, placeholderId),
          headers: { authorization: `Bearer ${token}` },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const expected =
          needed === 'session'
            ? messages.apiKeys.personOnly
            : scopeAllows(scopes, needed)
              ? null
              : keyDeniedBecause(needed);
        // A refusal is JSON; a success may be a file (the audit CSV).
        const body = (String(res.headers['content-type']).includes('json') ? res.json() : {}) as {
          code?: string;
          message?: string;
        };
        const refused = res.statusCode === 403 && body.code === 'role_denied';
        if (expected ? !refused || body.message !== expected : refused || res.statusCode === 401)
          wrong.push(`${key} [${scopes.length} escopos]: veio ${res.statusCode} ${body.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("never shows a service account's secret to a Leitor, by any route it may read", async () => {
    const viewer = members.get('viewer')!;
    const seen: string[] = [];
    for (const { key, method, path } of operationsOf(doc)) {
      if (method !== 'GET') continue;
      const res = await t.app.inject({
        method,
        url: path.replace(/\{[^}]+\}/g, secretAccountId),
        headers: { authorization: `Bearer ${viewer.token}` },
      });
      if (res.body.includes(secret)) seen.push(key);
    }
    expect(seen).toEqual([]);
    const read = await t.request(viewer.token).get(`/api/v1/service-accounts/${secretAccountId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ name: 'ERP' });
  });

  it('tells a Operador in pt-BR that saving a flow is not theirs to do, and saves nothing', async () => {
    const owner = members.get('owner')!;
    const created = await t.request(owner.token).post('/api/v1/flows', { name: 'Pedidos' });
    expect(created.statusCode, created.body).toBe(201);
    const flow = created.json() as { _id: string; version: number };
    const operator = members.get('operator')!;
    const saved = await t
      .request(operator.token)
      .put(`/api/v1/flows/${flow._id}`, { name: 'Pedidos do operador', version: flow.version });
    expect(saved.statusCode).toBe(403);
    expect(saved.json()).toMatchObject({
      message: 'Seu papel (Operador) não permite editar flows.',
    });
    const read = await t.request(operator.token).get(`/api/v1/flows/${flow._id}`);
    expect(read.json()).toMatchObject({ name: 'Pedidos', version: flow.version });
  });
});
