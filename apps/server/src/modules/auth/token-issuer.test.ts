import { decodeProtectedHeader, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenIssuer, sessionLifetimeSeconds } from './token-issuer';

const secret = 'segredo-de-teste-com-mais-de-32-caracteres';

describe('token issuer', () => {
  it('signs HS256 tokens naming user and workspace, valid for 12 hours', async () => {
    const at = new Date('2026-03-01T12:00:00Z');
    const issuer = createTokenIssuer(secret, () => at);
    const token = await issuer.issue('u1', 'w1');
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const iat = at.getTime() / 1000;
    expect(decodeJwt(token)).toEqual({ sub: 'u1', wid: 'w1', iat, exp: iat + 12 * 3600 });
    expect(await issuer.verify(token)).toEqual({ sub: 'u1', wid: 'w1', iat, exp: iat + 12 * 3600 });
  });

  it('stops accepting a token when it expires', async () => {
    let now = new Date('2026-03-01T12:00:00Z');
    const issuer = createTokenIssuer(secret, () => now);
    const token = await issuer.issue('u1', 'w1');
    now = new Date(now.getTime() + (sessionLifetimeSeconds - 1) * 1000);
    expect(await issuer.verify(token)).not.toBeNull();
    now = new Date(now.getTime() + 2000);
    expect(await issuer.verify(token)).toBeNull();
  });

  it('refuses garbage and tokens of another secret', async () => {
    const issuer = createTokenIssuer(secret);
    const other = createTokenIssuer(`${secret}-outro`);
    expect(await issuer.verify('abc')).toBeNull();
    expect(await issuer.verify(await other.issue('u1', 'w1'))).toBeNull();
  });

  it('refuses a token issued in the future, even one signed with the right secret', async () => {
    const at = new Date('2026-03-01T12:00:00Z');
    const later = createTokenIssuer(secret, () => new Date(at.getTime() + 3600 * 1000));
    const issuer = createTokenIssuer(secret, () => at);
    expect(await issuer.verify(await later.issue('u1', 'w1'))).toBeNull();
    expect(await issuer.verify(await issuer.issue('u1', 'w1'))).not.toBeNull();
  });
});
