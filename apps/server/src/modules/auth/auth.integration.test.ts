import { decodeJwt } from 'jose';
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { tokenClaimsSchema } from '@ponte/shared/account.schema';
import { buildApp } from '../../app';
import { customers, users, workspaces } from '../../db/schema';
import { testEncryptionKey, testSecret, useTestApp, type TestContext } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createTokenIssuer, sessionLifetimeSeconds } from './token-issuer';

const owner = {
  name: 'Ana Souza',
  email: ' Ana@Exemplo.com.br ',
  password: 'uma-senha-forte',
  workspace_name: 'Operações',
};

function signIn(t: TestContext, email: string, password: string, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/account/v1/authenticate',
    payload: { email, password },
    remoteAddress: ip,
  });
}

describeEachDriver('first account and sign-in', (driver) => {
  const t = useTestApp(driver, {
    config: { docsUrl: 'https://docs.exemplo.com', supportUrl: null },
  });

  it('creates exactly one owner, even when two setups race', async () => {
    const api = t.request(null);
    expect((await api.get('/account/v1/setup')).json()).toEqual({ needs_setup: true });

    const [a, b] = await Promise.all([
      api.post('/account/v1/setup', owner),
      api.post('/account/v1/setup', { ...owner, email: 'bruno@exemplo.com.br' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toEqual({
      statusCode: 409,
      code: 'setup_done',
      message: messages.account.setupDone,
    });
    const db = t.database.db;
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(1);
    expect((await db.select({ n: count() }).from(customers))[0]?.n).toBe(1);
    expect((await db.select({ n: count() }).from(workspaces))[0]?.n).toBe(1);
    expect((await api.get('/account/v1/setup')).json()).toEqual({ needs_setup: false });
  });

  it('refuses any later setup and keeps the first account', async () => {
    const res = await t.request(null).post('/account/v1/setup', {
      ...owner,
      email: 'outra@exemplo.com.br',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.account.setupDone);
    const [row] = await t.database.db.select().from(users);
    expect(row).toMatchObject({ isOwner: true, name: 'Ana Souza' });
    expect(['ana@exemplo.com.br', 'bruno@exemplo.com.br']).toContain(row?.email);
  });

  it('signs in with a lower-cased e-mail and hands out a 12 h token', async () => {
    const [row] = await t.database.db.select().from(users);
    const res = await signIn(t, row!.email.toUpperCase(), owner.password);
    expect(res.statusCode).toBe(200);
    const claims = tokenClaimsSchema.parse(decodeJwt(res.json().token));
    expect(claims.sub).toBe(row!.id);
    expect(claims.exp - claims.iat).toBe(sessionLifetimeSeconds);
    const me = await t.request(res.json().token).get('/api/v1/workspaces/current');
    expect(me.json().name).toBe('Operações');
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const [row] = await t.database.db.select().from(users);
    const wrong = await signIn(t, row!.email, 'senha-errada', '10.0.0.2');
    const unknown = await signIn(t, 'ninguem@exemplo.com.br', owner.password, '10.0.0.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        code: 'invalid_credentials',
        message: messages.account.invalidCredentials,
      });
    }
    const invalid = await signIn(t, '', '', '10.0.0.2');
    expect(invalid.statusCode).toBe(400);
  });

  it('blocks an e-mail after 5 failures from one address, with the wait in the message', async () => {
    const [row] = await t.database.db.select().from(users);
    const email = row!.email;
    for (let i = 0; i < 5; i++) {
      expect((await signIn(t, email, 'senha-errada', '10.0.0.3')).statusCode).toBe(401);
    }
    const blocked = await signIn(t, email, owner.password, '10.0.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      statusCode: 429,
      code: 'too_many_attempts',
      message: messages.account.tooManyAttempts(15),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect((await signIn(t, email, owner.password, '10.0.0.4')).statusCode).toBe(200);
  });

  it('forgets the failures of an e-mail after a successful sign-in', async () => {
    const [row] = await t.database.db.select().from(users);
    const email = row!.email;
    for (let i = 0; i < 4; i++) await signIn(t, email, 'senha-errada', '10.0.0.5');
    expect((await signIn(t, email, owner.password, '10.0.0.5')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await signIn(t, email, 'senha-errada', '10.0.0.5')).statusCode).toBe(401);
    }
    expect((await signIn(t, email, owner.password, '10.0.0.5')).statusCode).toBe(200);
  });

  it('blocks an address after 30 failures over any e-mails', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await signIn(t, `tentativa-${i}@exemplo.com.br`, 'senha-errada', '10.0.0.6');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(t, 'mais-uma@exemplo.com.br', 'senha-errada', '10.0.0.6');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(messages.account.tooManyAttempts(15));
  });

  it('renews a session on both refresh routes, and the token sent stops working', async () => {
    const [row] = await t.database.db.select().from(users);
    let token = (await signIn(t, row!.email, owner.password, '10.0.0.7')).json().token as string;
    for (const url of ['/account/v1/authenticate/refresh', '/api/v1/users/refresh']) {
      t.clock.advance(60_000);
      const res = await t.request(token).put(url);
      expect(res.statusCode).toBe(200);
      const before = tokenClaimsSchema.parse(decodeJwt(token));
      const after = tokenClaimsSchema.parse(decodeJwt(res.json().token));
      expect(after).toMatchObject({ sub: before.sub, wid: before.wid });
      expect(after.exp).toBeGreaterThan(before.exp);
      expect(after.jti).not.toBe(before.jti);
      expect((await t.request(null).put(url)).statusCode).toBe(401);

      // The old token is refused everywhere, its refresh included; the new one works.
      expect((await t.request(token).get('/api/v1/users/me')).statusCode).toBe(401);
      expect((await t.request(token).put(url)).statusCode).toBe(401);
      token = res.json().token as string;
      expect((await t.request(token).get('/api/v1/users/me')).statusCode).toBe(200);
    }
  });

  it('gives one new token when the same token is refreshed twice at once', async () => {
    const [row] = await t.database.db.select().from(users);
    const token = (await signIn(t, row!.email, owner.password, '10.0.0.8')).json().token as string;
    const answers = await Promise.all(
      [1, 2].map(() => t.request(token).put('/account/v1/authenticate/refresh')),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a well-signed token that names no open session (as tokens issued before sessions were kept)', async () => {
    const [row] = await t.database.db.select().from(users);
    const issuer = createTokenIssuer(testSecret, t.clock.now);
    const workspaceId = (await signIn(t, row!.email, owner.password, '10.0.0.9')).json().token;
    const wid = tokenClaimsSchema.parse(decodeJwt(workspaceId)).wid;
    for (const token of [
      await issuer.issue(row!.id, wid),
      await issuer.issue(row!.id, wid, 'sessao-que-nao-existe'),
    ]) {
      expect((await t.request(token).get('/api/v1/users/me')).statusCode).toBe(401);
    }
  });

  it('tells the shell the public links', async () => {
    const res = await t.request(null).get('/account/v1/config');
    expect(res.json()).toEqual({ docs_url: 'https://docs.exemplo.com', support_url: null });
  });

  it('validates the setup body with the contract messages', async () => {
    const res = await t.request(null).post('/account/v1/setup', { ...owner, password: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.account.passwordTooShort);
    const big = await t.request(null).post('/account/v1/authenticate', {
      email: 'a@b.com',
      password: 'x'.repeat(70 * 1024),
    });
    expect(big.statusCode).toBe(413);
  });
});

describeEachDriver('first account from PONTE_ADMIN_EMAIL', (driver) => {
  const admin = { email: 'admin@empresa.com.br', password: 'senha-do-admin' };
  const t = useTestApp(driver, { config: { admin } });

  it('creates the owner, customer and workspace "Principal" at start, once', async () => {
    const res = await signIn(t, admin.email, admin.password);
    expect(res.statusCode).toBe(200);
    const api = t.request(res.json().token);
    expect((await api.get('/api/v1/workspaces/current')).json().name).toBe('Principal');
    const me = (await api.get('/api/v1/users/me')).json();
    expect(me).toMatchObject({
      email: admin.email,
      name: 'admin',
      is_owner: true,
      customer: { name: 'Principal', config: { node_limit: 50 } },
    });
    expect((await t.request(null).get('/account/v1/setup')).json()).toEqual({ needs_setup: false });

    await t.app.close();
    const again = await buildApp({
      config: {
        jwtSecret: 'x'.repeat(32),
        encryptionKey: testEncryptionKey,
        admin,
        docsUrl: null,
        supportUrl: null,
        webDist: '/nao/existe',
      },
      database: t.database,
    });
    await again.ready();
    await again.close();
    const rows = await t.database.db.select().from(users).where(eq(users.isOwner, true));
    expect(rows).toHaveLength(1);
  });
});
