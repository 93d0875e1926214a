import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { createTokenIssuer } from '../modules/auth/token-issuer';
import { testSecret, useTestApp } from '../test/test-app';
import { describeEachDriver } from '../test/test-database';

const unauthorized = {
  statusCode: 401,
  code: 'unauthorized',
  message: messages.generic.unauthorized,
};

/** The session id a token names. */
const jtiOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describeEachDriver('sessions', (driver) => {
  const t = useTestApp(driver);

  async function expectRefused(headers: Record<string, string>) {
    for (const url of ['/api/v1/groups', '/api/v1/users/me', '/account/v1/workspaces']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(unauthorized);
    }
  }

  it('refuses a request without a bearer token', async () => {
    const { token } = await t.createAccount();
    await expectRefused({});
    await expectRefused({ authorization: token });
    await expectRefused({ authorization: `Basic ${token}` });
    await expectRefused({ authorization: 'Bearer ' });
    expect((await t.request(token).get('/api/v1/groups')).statusCode).toBe(200);
  });

  it('refuses a tampered token', async () => {
    const a = await t.createAccount();
    const b = await t.createAccount();
    const [header, , signature] = a.token.split('.');
    const claims = JSON.parse(Buffer.from(a.token.split('.')[1]!, 'base64url').toString());
    const forged = `${header}.${base64url({ ...claims, wid: b.workspaceId })}.${signature}`;
    await expectRefused({ authorization: `Bearer ${forged}` });
    await expectRefused({ authorization: `Bearer ${a.token.slice(0, -2)}xx` });
  });

  it('refuses an expired token', async () => {
    const account = await t.createAccount();
    const past = createTokenIssuer(testSecret, () => new Date(Date.now() - 13 * 3600_000));
    await expectRefused({
      authorization: `Bearer ${await past.issue(account.userId, account.workspaceId, jtiOf(account.token))}`,
    });
  });

  it('refuses a token signed with another secret', async () => {
    const account = await t.createAccount();
    const other = createTokenIssuer('outro-segredo-com-mais-de-32-caracteres-aqui');
    await expectRefused({
      authorization: `Bearer ${await other.issue(account.userId, account.workspaceId, jtiOf(account.token))}`,
    });
  });

  it('refuses unsigned (alg none) and other algorithms', async () => {
    const account = await t.createAccount();
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: account.userId, wid: account.workspaceId, iat: now, exp: now + 3600 };
    const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    await expectRefused({ authorization: `Bearer ${none}` });
    const hs512 = await new SignJWT({ wid: account.workspaceId })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(account.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(testSecret));
    await expectRefused({ authorization: `Bearer ${hs512}` });
  });

  it('refuses a token for a workspace the user does not belong to, or without its claims', async () => {
    const a = await t.createAccount();
    const b = await t.createAccount();
    await expectRefused({
      authorization: `Bearer ${await t.tokens.issue(a.userId, b.workspaceId)}`,
    });
    // An open session of `a`, named by a token of someone else.
    const signer = createTokenIssuer(testSecret);
    await expectRefused({
      authorization: `Bearer ${await signer.issue('ninguem', a.workspaceId, jtiOf(a.token))}`,
    });
    const now = Math.floor(Date.now() / 1000);
    const noWorkspace = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(a.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(testSecret));
    await expectRefused({ authorization: `Bearer ${noWorkspace}` });
  });

  it('refuses a token issued before the last password change', async () => {
    const account = await t.createAccount();
    t.clock.advance(5_000);
    const changed = await t.request(account.token).put('/api/v1/users/me/password', {
      current_password: account.password,
      new_password: 'outra-senha-forte',
    });
    expect(changed.statusCode).toBe(200);
    await expectRefused({ authorization: `Bearer ${account.token}` });
    expect((await t.request(changed.json().token).get('/api/v1/users/me')).statusCode).toBe(200);
  });
});
