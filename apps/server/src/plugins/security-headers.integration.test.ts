import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listenOnFreePort } from '../test/live-client';
import { useTestApp } from '../test/test-app';
import { contentSecurityPolicy, policyText } from './security-headers';

const webDist = mkdtempSync(join(tmpdir(), 'ponte-web-headers-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Ponte</title>');
writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

function directives(csp: string | undefined): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  const t = useTestApp('embedded', { config: { webDist } });

  it('sends the CSP, nosniff, no framing and no referrer on pages, assets, API and errors', async () => {
    for (const url of ['/', '/flows/123', '/assets/app-1234.js', '/healthz', '/api/v1/nada']) {
      const res = await t.app.inject(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      const csp = directives(res.headers['content-security-policy'] as string | undefined);
      expect(csp.get('default-src'), url).toBe("'self'");
      expect(csp.get('script-src'), url).toBe("'self'");
      expect(csp.get('worker-src'), url).toBe("'self' blob:");
      expect(csp.get('connect-src'), url).toBe("'self'");
      expect(csp.get('img-src'), url).toBe("'self' data: blob:");
      expect(csp.get('style-src'), url).toBe("'self' 'unsafe-inline'");
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
    }
  });

  it('sends them on errors too: 401, 400, 413, a malformed address and 404s', async () => {
    const strict = policyText(contentSecurityPolicy.directives);
    const answers = [
      await t.app.inject('/api/v1/flows'),
      await t.app.inject({
        method: 'POST',
        url: '/account/v1/authenticate',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/account/v1/authenticate',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a'.repeat(70 * 1024) }),
      }),
      await t.app.inject('/api/v1/%E0%A4%A'),
      await t.app.inject('/engine/webhook/nao-existe/x'),
      await t.app.inject({ method: 'DELETE', url: '/healthz' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([401, 400, 413, 404, 404, 404]);
    expect(answers[3]?.json()).toEqual({
      statusCode: 404,
      code: 'not_found',
      message: 'Rota não encontrada.',
    });
    for (const res of answers) {
      expect(res.headers['content-security-policy'], res.body).toBe(strict);
      expect(res.headers['x-content-type-options'], res.body).toBe('nosniff');
    }
  });

  it("sends them on the live socket's handshake and its refusals", async () => {
    const url = await listenOnFreePort(t.app);
    const strict = policyText(contentSecurityPolicy.directives);
    for (const [path, status] of [
      ['/engine/socket.io/?EIO=4&transport=polling', 200],
      ['/engine/socket.io/?EIO=4&transport=nada', 400],
    ] as const) {
      const res = await fetch(`${url}${path}`);
      await res.arrayBuffer();
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-security-policy'), path).toBe(strict);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('keeps Swagger UI under the same policy, with its scripts from the same origin', async () => {
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('answers 404 JSON for unknown server paths and missing files, index.html only for pages', async () => {
    for (const url of [
      '/metrics',
      '/metrics/x',
      '/engine',
      '/favicon-que-nao-existe.png',
      '/assets/nao-existe.js',
      '/flows/relatorio.csv',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
    const page = await t.app.inject('/monitoring/logs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Ponte</title>');
  });

  it('shows `Bearer <token>` as text in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      info: { description: string };
      components: { securitySchemes: { bearerAuth: { description: string } } };
    };
    expect(doc.components.securitySchemes.bearerAuth.description).toContain(
      '`Authorization: Bearer <token>`',
    );
    expect(doc.info.description).toContain('`Authorization: Bearer <token>`');
  });
});

describe('security headers on /metrics', () => {
  const t = useTestApp('embedded', { metrics: { open: false, token: 'token-das-metricas' } });

  it('sends them on the metrics text and on its 401', async () => {
    const refused = await t.app.inject('/metrics');
    const text = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer token-das-metricas' },
    });
    expect([refused.statusCode, text.statusCode]).toEqual([401, 200]);
    for (const res of [refused, text]) {
      expect(res.headers['content-security-policy']).toBe(
        policyText(contentSecurityPolicy.directives),
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
