import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import {
  serviceAccountListSchema,
  serviceAccountSchema,
} from '@ponte/shared/service-accounts.schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

const m = messages.serviceAccounts;
const namesOf = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

describeEachDriver('service accounts', (driver) => {
  const t = useTestApp(driver);

  it('creates, reads, edits, lists and removes an account without ever answering a secret', async () => {
    const account = await t.createAccount();
    const other = await t.createAccount();
    const api = t.request(account.token);

    const created = await api.post('/api/v1/service-accounts', {
      name: ' API de pedidos ',
      auth_type: 'http_basic',
      workspace: other.workspaceId,
      http_basic: { url: 'https://api.exemplo.com.br/pedidos', username: 'loja', password: 'p4ss' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain('p4ss');
    const saved = serviceAccountSchema.parse(created.json());
    expect(saved).toMatchObject({
      name: 'API de pedidos',
      auth_type: 'http_basic',
      url: 'https://api.exemplo.com.br/pedidos',
      workspace: account.workspaceId,
      secrets_set: ['password'],
      health: { status: 'unchecked', message: null, checked_at: null },
      flows_count: 0,
      testable: true,
      http_basic: { url: 'https://api.exemplo.com.br/pedidos', username: 'loja' },
    });
    expect(saved).not.toHaveProperty('token');

    expect((await api.get(`/api/v1/service-accounts/${saved._id}`)).json()).toEqual(saved);

    t.clock.advance(1_000);
    const edited = await api.put(`/api/v1/service-accounts/${saved._id}`, {
      name: 'Pedidos',
      auth_type: 'http_basic',
      http_basic: { url: 'https://api.exemplo.com.br/v2', username: 'loja2' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Pedidos',
      url: 'https://api.exemplo.com.br/v2',
      secrets_set: ['password'],
      http_basic: { url: 'https://api.exemplo.com.br/v2', username: 'loja2' },
    });
    expect(edited.json().updated_at > saved.updated_at).toBe(true);

    const list = serviceAccountListSchema.parse(
      (await api.get('/api/v1/service-accounts?limit=1000')).json(),
    );
    expect(list).toEqual({ items: [edited.json()], total: 1 });
    expect((await t.request(other.token).get('/api/v1/service-accounts')).json().total).toBe(0);

    expect((await api.delete(`/api/v1/service-accounts/${saved._id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/v1/service-accounts/${saved._id}`)).statusCode).toBe(404);
    expect((await api.get('/api/v1/service-accounts')).json()).toEqual({ items: [], total: 0 });
  });

  it("answers 404 for another workspace's account, on every route, and logs the attempt", async () => {
    const a = t.request((await t.createAccount()).token);
    const intruder = await t.createAccount();
    const b = t.request(intruder.token);
    const secret = (
      await a.post('/api/v1/service-accounts', {
        name: 'Segredo',
        auth_type: 'bearer_token',
        bearer_token: { token: 'tok-secreto', url: 'https://api.exemplo.com.br' },
      })
    ).json();
    const notFound = { statusCode: 404, code: 'not_found', message: m.notFound };
    for (const res of [
      await b.get(`/api/v1/service-accounts/${secret._id}`),
      await b.put(`/api/v1/service-accounts/${secret._id}`, {
        name: 'x',
        auth_type: 'bearer_token',
        bearer_token: { token: 'roubado', url: 'https://api.exemplo.com.br' },
      }),
      await b.delete(`/api/v1/service-accounts/${secret._id}?confirm=true`),
      await b.post(`/api/v1/service-accounts/${secret._id}/test`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await a.get(`/api/v1/service-accounts/${secret._id}`)).json()).toEqual(secret);

    const events = await until(async () => {
      const { items } = (await b.get('/account/v1/security-log')).json() as {
        items: { kind: string; resource: string }[];
      };
      return items.length >= 1 && items;
    }, 'os eventos de segurança');
    expect(new Set(events.map((event) => `${event.kind} ${event.resource}`))).toEqual(
      new Set([`cross_workspace_denied service_account:${secret._id}`]),
    );
  });

  it('validates the sub-object of the type with its messages, and asks for required secrets', async () => {
    const api = t.request((await t.createAccount()).token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ auth_type: 'bearer_token' }, 'name', m.nameRequired],
      [{ name: 'x', auth_type: 'nada' }, 'auth_type', m.typeInvalid],
      [
        { name: 'x', auth_type: 'bearer_token', bearer_token: {} },
        'bearer_token.token',
        m.fieldRequired('Token'),
      ],
      [
        {
          name: 'x',
          auth_type: 'smtp_account',
          smtp_account: { host: 'smtp.exemplo.com', port: 70000 },
        },
        'smtp_account.port',
        m.fieldInvalid('Porta'),
      ],
      [
        { name: 'x', auth_type: 'jwt', jwt: { auth_url: '', username: 'u', password: 'p' } },
        'jwt.auth_url',
        m.fieldRequired('URL de autenticação'),
      ],
      [
        { name: 'x', auth_type: 'ftp_server', ftp_server: { host: 'h', server_type: 'SFTP' } },
        'ftp_server.server_type',
        m.fieldInvalid('Tipo de servidor'),
      ],
      [
        { name: 'x', auth_type: 'omie_erp', omie_erp: 'texto' },
        'omie_erp',
        messages.generic.invalidField('omie_erp'),
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.post('/api/v1/service-accounts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().details).toContainEqual({ field, message });
    }
    expect((await api.get('/api/v1/service-accounts')).json().total).toBe(0);

    const defaults = await api.post('/api/v1/service-accounts', {
      name: 'Com padrões',
      auth_type: 'jwt',
      jwt: { auth_url: 'https://exemplo.com.br/login', username: 'u', password: 'p' },
    });
    expect(defaults.statusCode).toBe(201);
    expect(defaults.json().jwt).toEqual({
      auth_url: 'https://exemplo.com.br/login',
      method: 'POST',
      ttl: 3600,
      username: 'u',
      allowed_domains: 'specific',
    });
  });

  it('keeps an omitted secret, clears one sent empty unless required, and never changes the type', async () => {
    const api = t.request((await t.createAccount()).token);
    const created = (
      await api.post('/api/v1/service-accounts', {
        name: 'SMTP',
        auth_type: 'smtp_account',
        smtp_account: { host: 'smtp.exemplo.com.br', port: 587, username: 'u', password: 'senha' },
      })
    ).json();
    expect(created.secrets_set).toEqual(['password']);
    const path = `/api/v1/service-accounts/${created._id}`;
    const body = (smtp: Record<string, unknown>) => ({
      name: 'SMTP',
      auth_type: 'smtp_account',
      smtp_account: { host: 'smtp.exemplo.com.br', port: 587, ...smtp },
    });
    expect((await api.put(path, body({}))).json().secrets_set).toEqual(['password']);
    expect((await api.put(path, body({ password: '' }))).json().secrets_set).toEqual([]);

    const bearer = (
      await api.post('/api/v1/service-accounts', {
        name: 'Bearer',
        auth_type: 'bearer_token',
        bearer_token: { token: 't1', domains: 'api.exemplo.com.br' },
      })
    ).json();
    const kept = await api.put(`/api/v1/service-accounts/${bearer._id}`, {
      name: 'Bearer',
      auth_type: 'bearer_token',
      bearer_token: { token: '', domains: 'api.exemplo.com.br' },
    });
    expect(kept.json().secrets_set).toEqual(['token']);

    const changed = await api.put(path, {
      name: 'SMTP',
      auth_type: 'bearer_token',
      bearer_token: { token: 'x' },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({
      message: m.typeChangeRefused,
      details: [{ field: 'auth_type', message: m.typeChangeRefused }],
    });
    expect((await api.get(path)).json().auth_type).toBe('smtp_account');
  });

  it("never lets a form write the tokens the server manages, except oauth2's own access token", async () => {
    const api = t.request((await t.createAccount()).token);
    const oauth = await api.post('/api/v1/service-accounts', {
      name: 'OAuth',
      auth_type: 'oauth2',
      oauth2: {
        client_id: 'c',
        client_secret: 's',
        token_url: 'https://auth.exemplo.com.br/token',
        access_token: 'colado',
        refresh_token: 'forjado',
        expires_at: '2099-01-01T00:00:00Z',
      },
    });
    expect(oauth.statusCode, oauth.body).toBe(201);
    expect(oauth.json().secrets_set).toEqual(['client_secret', 'access_token']);
    expect(oauth.json().oauth2).not.toHaveProperty('expires_at');
    const google = await api.post('/api/v1/service-accounts', {
      name: 'Google',
      auth_type: 'google_oauth2',
      google_oauth2: { access_token: 'forjado', refresh_token: 'forjado' },
    });
    expect(google.statusCode).toBe(201);
    expect(google.json().secrets_set).toEqual([]);
  });

  it('orders by name and filters by type for the picker', async () => {
    const api = t.request((await t.createAccount()).token);
    for (const [name, auth_type, sub] of [
      ['Zeta', 'bearer_token', { token: 'a', url: 'https://a.exemplo.com.br' }],
      ['alfa', 'omie_erp', { app_key: 'k', app_secret: 's' }],
      ['Beta', 'http_basic', { username: 'u', password: 'p', allowed_domains: 'all' }],
    ] as const) {
      const res = await api.post('/api/v1/service-accounts', { name, auth_type, [auth_type]: sub });
      expect(res.statusCode, res.body).toBe(201);
    }
    const all = (await api.get('/api/v1/service-accounts?limit=1000')).json();
    expect(all.total).toBe(3);
    expect(new Set(namesOf(all))).toEqual(new Set(['Zeta', 'alfa', 'Beta']));
    expect(
      namesOf((await api.get('/api/v1/service-accounts?type=bearer_token,http_basic')).json()),
    ).toEqual(['Beta', 'Zeta']);
    expect((await api.get('/api/v1/service-accounts?type=nada')).json()).toEqual({
      items: [],
      total: 0,
    });
    expect((await api.get('/api/v1/service-accounts?type=omie_erp')).json().items[0]).toMatchObject(
      {
        name: 'alfa',
        omie_erp: { app_key: 'k' },
        secrets_set: ['app_secret'],
        testable: true,
      },
    );
  });
});

describeEachDriver('service accounts: one name per workspace', (driver) => {
  const t = useTestApp(driver);

  it('refuses a second account with the same name, ignoring case, on create and on edit', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const create = (name: string) =>
      api.post('/api/v1/service-accounts', {
        name,
        auth_type: 'bearer_token',
        bearer_token: { token: 'segredo', url: 'https://api.exemplo.com.br' },
      });
    expect((await create('ERP da loja')).statusCode).toBe(201);
    const twin = await create('erp DA LOJA');
    expect(twin.statusCode).toBe(400);
    expect(twin.json()).toMatchObject({
      code: 'conflict',
      message: m.nameTaken,
      details: [{ field: 'name', message: m.nameTaken }],
    });

    const other = await create('Outro ERP');
    const renamed = await api.put(`/api/v1/service-accounts/${other.json()._id}`, {
      name: 'ERP da Loja',
      auth_type: 'bearer_token',
      bearer_token: { url: 'https://api.exemplo.com.br' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(m.nameTaken);
    const names = namesOf((await api.get('/api/v1/service-accounts')).json());
    expect(names).toEqual(['ERP da loja', 'Outro ERP']);

    // Another workspace may use the name.
    const elsewhere = t.request((await t.createAccount()).token);
    const theirs = await elsewhere.post('/api/v1/service-accounts', {
      name: 'ERP da loja',
      auth_type: 'bearer_token',
      bearer_token: { token: 'outro', url: 'https://api.exemplo.com.br' },
    });
    expect(theirs.statusCode).toBe(201);
  });
});
