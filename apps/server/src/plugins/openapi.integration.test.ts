import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { alertActions, alertRuleTypes } from '@ponte/shared/alert-rules.schema';
import { customNodeParamTypes } from '@ponte/shared/custom-nodes.schema';
import { widgetTypes } from '@ponte/shared/dashboards.schema';
import { fieldTypes } from '@ponte/shared/db-tables.schema';
import { formFieldTypes } from '@ponte/shared/forms.schema';
import { serviceAccountTypes } from '@ponte/shared/service-accounts.schema';
import { sampleOf, type Given, type JsonSchema, type SampleMode } from '../test/openapi-samples';
import { useTestApp, type TestContext } from '../test/test-app';
import { operationIdOf } from './openapi-operations';

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; schema?: { type?: string; enum?: unknown[] } }[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Document {
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
}

const methods = ['get', 'put', 'post', 'delete', 'patch'];

function operationsOf(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );
}

const placeholderId = '3f2c9a4e-8b1d-4c7e-9f60-2a5b8d1e4c73';

/**
 * An address of a path template, every parameter a made-up id unless `ids` gives one; a
 * parameter the document enumerates (a provider's name, say) takes its first value.
 */
function addressOf(path: string, ids: Map<string, string>, operation?: Operation): string {
  const root = [...ids.keys()]
    .filter((collection) => path.startsWith(`${collection}/`))
    .sort((a, b) => b.length - a.length)[0];
  const id = (root && ids.get(root)) ?? placeholderId;
  return path.replace(/\{([^}]+)\}/g, (_parameter, name: string) => {
    const schema = operation?.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
    // A version's number: the first one, which every versioned resource has.
    if (schema?.type === 'integer') return '1';
    return schema?.enum?.length ? String(schema.enum[0]) : id;
  });
}

async function documentOf(t: TestContext): Promise<Document> {
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  return res.json() as Document;
}

describe('the OpenAPI document of an instance with a public URL', () => {
  const t = useTestApp('embedded', { publicUrl: 'https://ponte.exemplo.com.br' });
  let doc: Document;
  beforeAll(async () => {
    doc = await documentOf(t);
  });

  it('gives every operation an id made of its method and path, none twice', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter(({ operation }) => !operation.operationId)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const { path, method, operation } of operations) {
      expect(operation.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
    }
    expect(doc.paths['/api/v1/groups/{id}']!.get!.operationId).toBe('getGroupsById');
    expect(doc.paths['/engine/webhook/{flowId}/{path}']!.post!.operationId).toBe(
      'postEngineWebhookByFlowIdByPath',
    );
  });

  it('declares each parameter of a path, and only those', () => {
    const mismatched = operationsOf(doc).filter(({ path, operation }) => {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name)
        .sort();
      return JSON.stringify(inPath) !== JSON.stringify(declared);
    });
    expect(mismatched.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('says where the API is: the instance public URL', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://ponte.exemplo.com.br' })]);
  });

  it('lists each path once, never again with a trailing slash', () => {
    const paths = Object.keys(doc.paths);
    const bare = paths.map((path) => path.replace(/\/+$/, ''));
    expect(bare.filter((path, index) => bare.indexOf(path) !== index)).toEqual([]);
    expect(paths).toContain('/api/v1/service-accounts/{id}/oauth2/authorize/');
  });

  it('declares the security of every route as the server applies it', async () => {
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const operations = operationsOf(doc);
    expect(operations.filter(({ operation }) => !Array.isArray(operation.security))).toEqual([]);
    const publicOnes = operations.filter(({ operation }) => operation.security!.length === 0);
    expect(publicOnes.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'get /healthz',
        'post /account/v1/authenticate',
        'post /account/v1/setup',
        'post /engine/webhook/{flowId}/{path}',
        'post /engine/forms/{id}/submit',
      ]),
    );
    for (const { path, method, operation } of operations) {
      const res = await t.app.inject({
        method: method.toUpperCase() as InjectOptions['method'],
        url: addressOf(path, new Map()).replace('{path}', 'entrada'),
        ...(operation.requestBody ? { payload: {} } : {}),
      });
      const signedIn = operation.security!.length > 0;
      expect(res.statusCode === 401, `${method} ${path}: ${res.statusCode}`).toBe(signedIn);
    }
  });
});

describe('the OpenAPI document of an instance without a public URL', () => {
  const t = useTestApp('embedded');

  it('names the address it was read from as the server', async () => {
    expect((await documentOf(t)).servers).toEqual([expect.objectContaining({ url: '/' })]);
  });
});

/**
 * Bodies valid by the document, as a client generated from it sends them, are not refused:
 * the document says the server's rules. What no schema can know is given: ids of things that
 * exist, the caller's own password.
 */
describe('request bodies the document accepts', () => {
  // An e-mail alert rule that names no SMTP account needs the instance's SMTP server, a setting
  // of the instance no document states (docs/adr/0082); nothing is sent in this test.
  const t = useTestApp('embedded', {
    alerts: {
      smtp: { host: '127.0.0.2', port: 2525, secure: false },
      dispatchIntervalMs: 3_600_000,
    },
  });

  /** Operations whose body holds what only a previous answer of the server can give. */
  const outsideTheDocument: Record<string, string> = {
    // `state` and `code` come from the provider's redirect after an authorisation started here.
    'put /api/v1/service-accounts/{id}/oauth2/token': 'oauth_state_invalid',
    // Signing in takes the e-mail and password of someone who has an account.
    'post /account/v1/authenticate': 'invalid_credentials',
    // So does accepting an invitation with an existing account.
    'post /account/v1/invitations/{token}/join': 'invalid_credentials',
    // A picker asks a service, through an account, for a list a connector type declares.
    'post /engine/lookups': 'lookup_failed',
    // An invitation with `email` is sent through the instance's SMTP server, absent here.
    'post /api/v1/members/invitations': 'invitation_email_failed',
    // One rule per destination (docs/adr/0123): the full body names the root folder again.
    'post /api/v1/lgpd/retention/rules': 'conflict',
    // The body is an OpenAPI document (its text or its address), which no schema here describes.
    'post /api/v1/custom-nodes/openapi/read': 'validation_error',
    'post /api/v1/custom-nodes/openapi': 'validation_error',
  };

  it('takes them, minimal and full, on every operation with a JSON body', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const group = (await api.post('/api/v1/groups', { name: 'Grupo' })).json()._id as string;
    const flow = (await api.post('/api/v1/flows', { name: 'Flow' })).json()._id as string;
    const queue = (await api.post('/api/v1/queues', { name: 'fila' })).json()._id as string;
    const given: Record<string, unknown> = {
      group,
      flow_id: flow,
      queue_id: queue,
      // Null sends through the instance's SMTP; an id would have to name an SMTP account.
      action_email_account_id: null,
      current_password: account.password,
      new_password: account.password,
    };
    // A flow's nodes are of the types GET /engine/library lists, which no schema enumerates,
    // and only a flow whose nodes make a valid graph may be enabled.
    const emptyFlow = { data: { version: 1, nodes: [], edges: [] }, enabled: false };
    const givenFor: Record<string, Given> = {
      'post /api/v1/flows': emptyFlow,
      'put /api/v1/flows/{id}': emptyFlow,
      // The file is an export of the tool named (docs/adr/0138); its credential's key is its id.
      'post /api/v1/flows/import-from': {
        source: 'n8n',
        document: { name: 'Importado', nodes: [], connections: {} },
        accounts: {},
      },
      // The last N versions or those of the last N days, not both: the other one null.
      'put /api/v1/workspaces/current/version-retention': { version_keep_days: null },
      // Only an Editor, Operador or Leitor is limited to groups, and to the workspace's own.
      'post /api/v1/members/invitations': { role: 'editor', groups: [group] },
      'post /account/v1/users': { role: 'editor', groups: [group] },
      // One holiday per day (docs/adr/0121): the edit moves the created one to a free day, and
      // a CSV is more than any text of the right length.
      'put /api/v1/holidays/{id}': { date: '2026-11-27' },
      'post /api/v1/holidays/import': { csv: '01/12/2026;Feriado de exemplo;não' },
      // A titular is one CPF, CNPJ, e-mail or phone (docs/adr/0124); none is found here.
      'post /api/v1/lgpd/titulars/search': { query: '529.982.247-25' },
      'post /api/v1/lgpd/titulars/erase': { query: '529.982.247-25', confirm: {} },
      // A rule names a table, queue or folder of the workspace (docs/adr/0123): the root folder.
      'post /api/v1/lgpd/retention/rules': { area: 'storage', target: '/', date_field: null },
      'put /api/v1/lgpd/retention/rules/{id}': { area: 'storage', target: '/', date_field: null },
    };
    // Every kind a body can be of, where the kind decides which rules apply.
    const each = (name: string, values: readonly unknown[]) =>
      values.map((value) => ({ [name]: value }));
    const kinds: Record<string, Given[]> = {
      'post /api/v1/service-accounts': each('auth_type', serviceAccountTypes),
      'post /api/v1/alert-rules': [
        ...each('type', alertRuleTypes),
        ...each('action', alertActions),
      ],
      'post /api/v1/db/tables': each('type', fieldTypes),
      'post /api/v1/dashboards': each('type', widgetTypes),
      'post /api/v1/custom-nodes': each('type', customNodeParamTypes),
      'post /api/v1/forms': each('type', formFieldTypes),
    };
    const doc = await documentOf(t);
    let counter = 0;
    const unique = () => ++counter;
    const ids = new Map<string, string>();
    const refused: string[] = [];
    let sent = 0;
    let token = account.token;
    for (const { path, method, operation } of operationsOf(doc)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      const key = `${method} ${path}`;
      const cases: [SampleMode, Given][] = [
        ['minimal', {}],
        ['full', {}],
        ...(kinds[key] ?? []).flatMap((kind): [SampleMode, Given][] => [
          ['minimal', kind],
          ['full', kind],
        ]),
      ];
      for (const [mode, kind] of cases) {
        const body = sampleOf(schema, mode, unique, { ...given, ...givenFor[key], ...kind });
        const res = await t.app.inject({
          method: method.toUpperCase() as InjectOptions['method'],
          url: addressOf(path, ids, operation),
          headers: { authorization: `Bearer ${token}` },
          payload: body as InjectOptions['payload'],
        });
        sent++;
        const answer = res.json() as { _id?: string; code?: string; message?: string };
        // A new password ends the other sessions and answers the caller's new one.
        if (path === '/api/v1/users/me/password' && res.statusCode === 200) {
          token = (answer as { token: string }).token;
        }
        // Later operations on `{id}` use a thing made of the collection's plain body (an
        // account's type, say, cannot change afterwards).
        const plain = Object.keys(kind).length === 0;
        if (
          plain &&
          res.statusCode < 300 &&
          typeof answer._id === 'string' &&
          !path.includes('{')
        ) {
          ids.set(path, answer._id);
        }
        if (outsideTheDocument[key] === answer.code) continue;
        if ([400, 401, 422].includes(res.statusCode) || res.statusCode >= 500) {
          refused.push(
            `${key} (${mode}): ${res.statusCode} ${answer.message} ${JSON.stringify(body)}`,
          );
        }
      }
    }
    expect(sent).toBeGreaterThan(60);
    expect(refused).toEqual([]);
  });
});

describe('multipart bodies the document describes', () => {
  const t = useTestApp('embedded');

  it('uploads a file to the storage as the document says the form is made', async () => {
    const account = await t.createAccount();
    const doc = await documentOf(t);
    const operation = doc.paths['/api/v1/storage/upload']!.post!;
    const schema = operation.requestBody!.content!['multipart/form-data']!.schema!;
    const properties = schema.properties as Record<string, JsonSchema>;
    const boundary = 'limite-do-documento';
    const parts = (schema.required as string[]).map((name) => {
      const file = properties[name]!.format === 'binary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"`;
      return file
        ? `${head}; filename="nota.txt"\r\nContent-Type: text/plain\r\n\r\nolá\r\n`
        : `${head}\r\n\r\n${String(sampleOf(properties[name]!, 'minimal', () => 1))}\r\n`;
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/storage/upload',
      headers: {
        authorization: `Bearer ${account.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `${parts.join('')}--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'nota.txt' });
  });
});
