import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

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
  const t = useTestApp('pglite', { config: { webDist } });

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
