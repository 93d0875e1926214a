import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loginLimits } from '../modules/auth/login-throttle';
import { useTestApp, type TestContext } from '../test/test-app';

function signIn(t: TestContext, email: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/account/v1/authenticate',
    payload: { email, password: 'senha-errada-123' },
    remoteAddress: '10.0.0.2',
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

/** Fails the sign-in of one e-mail from client A until it is throttled, then tries from B. */
async function throttledThenOtherClient(t: TestContext): Promise<number> {
  const { email } = await t.createAccount();
  for (let attempt = 0; attempt < loginLimits.perEmailAndIp; attempt++) {
    expect((await signIn(t, email, '203.0.113.1')).statusCode).toBe(401);
  }
  expect((await signIn(t, email, '203.0.113.1')).statusCode).toBe(429);
  return (await signIn(t, email, '198.51.100.7')).statusCode;
}

describe('behind a trusted proxy (PONTE_TRUST_PROXY=10.0.0.0/8)', () => {
  const t = useTestApp('embedded', { trustProxy: ['10.0.0.0/8'] });

  it('throttles sign-ins by the client address the proxy forwards', async () => {
    expect(await throttledThenOtherClient(t)).toBe(401);
  });

  it('shows the engine endpoint at the host and scheme the proxy forwards', async () => {
    const { token } = await t.createAccount();
    const res = await t.app.inject({
      url: '/engine/status',
      remoteAddress: '10.0.0.2',
      headers: {
        authorization: `Bearer ${token}`,
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'ponte.exemplo.com',
      },
    });
    expect(res.json().endpoint).toBe('https://ponte.exemplo.com/engine');
  });
});

describe('without PONTE_TRUST_PROXY', () => {
  const t = useTestApp('embedded');

  it('ignores X-Forwarded-For: every client behind the same address shares the throttle', async () => {
    expect(await throttledThenOtherClient(t)).toBe(429);
  });

  it('shows the engine endpoint of the request itself', async () => {
    const { token } = await t.createAccount();
    const res = await t.app.inject({
      url: '/engine/status',
      headers: {
        authorization: `Bearer ${token}`,
        host: 'localhost:3000',
        'x-forwarded-host': 'falso.exemplo.com',
      },
    });
    expect(res.json().endpoint).toBe('http://localhost:3000/engine');
  });
});

describe('with PONTE_PUBLIC_URL', () => {
  const t = useTestApp('embedded', { publicUrl: 'https://automacao.exemplo.com.br' });

  it('shows the engine endpoint and the workspace engine URL at the public URL, whatever the host', async () => {
    const { token } = await t.createAccount();
    const res = await t.app.inject({
      url: '/engine/status',
      headers: { authorization: `Bearer ${token}`, host: '127.0.0.1:3000' },
    });
    expect(res.json().endpoint).toBe('https://automacao.exemplo.com.br/engine');
    const workspace = await t.app.inject({
      url: '/api/v1/workspaces/current',
      headers: { authorization: `Bearer ${token}`, host: '127.0.0.1:3000' },
    });
    expect(workspace.json().engine_url).toBe('https://automacao.exemplo.com.br/engine');
  });
});

describe('request logs', () => {
  const lines: { level: number; msg: string; req?: { url: string } }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = useTestApp('embedded', { logger: { level: 'info', stream } });

  it('logs health probes and static files at debug, the rest at info', async () => {
    await t.app.inject('/healthz');
    await t.app.inject('/readyz');
    await t.app.inject('/assets/app-1234.js');
    await t.app.inject('/account/v1/setup');
    const incoming = lines.filter((line) => line.msg === 'incoming request');
    expect(incoming.map((line) => line.req?.url)).toEqual(['/account/v1/setup']);
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(1);
  });
});
