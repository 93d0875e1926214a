import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../logger';
import { useTestApp } from '../test/test-app';

describe('tokens never reach the log', () => {
  const output: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      output.push(String(chunk));
      done();
    },
  });
  const t = useTestApp('embedded', { logger: { level: 'debug', stream } });

  it('hides the hand-off token, token parameters and the Authorization header', async () => {
    const account = await t.createAccount();
    const token = account.token;
    await t.app.inject(`/auth?token=${token}`);
    await t.app.inject(`/auth?next=%2Fflows&token=${encodeURIComponent(token)}`);
    await t.app.inject({
      url: '/api/v1/users/me?access_token=segredo-de-api-1',
      headers: { authorization: `Bearer ${token}` },
    });
    await t.app.inject(`/engine/webhook/nao-existe/x?Senha=segredo-2&q=1&jwt=segredo-3`);
    await t.app.inject(`/api/v1/flows/${token}`);
    await t.app.inject({ url: '/api/v1/flows', headers: { authorization: 'Bearer segredo-4' } });

    const log = output.join('');
    expect(log).toContain('/auth?token=[REDACTED]');
    expect(log).toContain('/auth?next=%2Fflows&token=[REDACTED]');
    expect(log).toContain('q=1');
    for (const secret of [
      token,
      token.split('.')[2]!,
      'segredo-de-api-1',
      'segredo-2',
      'segredo-3',
    ])
      expect(log).not.toContain(secret);
    expect(log).not.toContain('segredo-4');
  });

  it('redacts any parameter named like a credential and anything shaped like a JWT', () => {
    expect(redactUrl('/x?api_key=1&AUTH=2&ok=3')).toBe(
      '/x?api_key=[REDACTED]&AUTH=[REDACTED]&ok=3',
    );
    expect(redactUrl('/x/eyJhbGciOi.eyJzdWIi.c2ln/y')).toBe('/x/[REDACTED]/y');
    expect(
      redactUrl('/account/v1/service-accounts/oauth2/return?code=abc&state=id_xyz&scope=a'),
    ).toBe('/account/v1/service-accounts/oauth2/return?code=[REDACTED]&state=[REDACTED]&scope=a');
    expect(redactUrl('/oauth2/callback?data=eyJzZXJ2&state=id_x')).toBe(
      '/oauth2/callback?data=[REDACTED]&state=[REDACTED]',
    );
    expect(redactUrl('/x?eco=eyJhbGciOi.eyJzdWIi.c2ln')).toBe('/x?eco=[REDACTED]');
    expect(redactUrl('/sem-consulta')).toBe('/sem-consulta');
  });
});
