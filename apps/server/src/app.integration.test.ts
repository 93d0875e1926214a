import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { buildApp, type App } from './app';
import type { DatabaseHandle } from './db/client';
import { createTestDatabase } from './test/test-database';
import { missingBuildMessage } from './plugins/spa';
import { testEncryptionKey, testSecret } from './test/test-app';

const config = {
  jwtSecret: testSecret,
  encryptionKey: testEncryptionKey,
  admin: null,
  docsUrl: null,
  supportUrl: null,
};

describe('server', () => {
  let database: DatabaseHandle;
  let webDist: string;
  let app: App;
  let failing: App;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('embedded');
    webDist = mkdtempSync(join(tmpdir(), 'ponte-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Ponte</title>');
    writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    app = await buildApp({ config: { ...config, webDist }, database });
    app.get('/api/v1/falha-interna', async () => {
      throw new Error('segredo interno: senha=123');
    });
    await app.ready();

    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    failing = await buildApp({
      config: { ...config, webDist: join(webDist, 'nao-existe') },
      database: { ...database, ping: () => Promise.reject(new Error('sem banco')) },
      logger: { level: 'warn', stream },
    });
    failing.get('/api/v1/falha-interna', async () => {
      throw new Error('segredo interno: senha=123');
    });
    // What a query gets while the database is down or restarting (wrapped, as drizzle does).
    failing.get('/api/v1/banco-fora', async () => {
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
      throw new Error('Failed query: select 1', { cause: refused });
    });
    await failing.ready();
  });

  afterAll(async () => {
    await app.close();
    await failing.close();
    await database.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers the probes', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
    const notReady = await failing.inject('/readyz');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const url of ['/api/v1/nada', '/account/v1/nada', '/engine/nada', '/api']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({
          statusCode: 404,
          code: 'not_found',
          message: messages.generic.routeNotFound,
        });
      }
    }
  });

  it('hides internals of a 5xx and logs them', async () => {
    const res = await failing.inject('/api/v1/falha-interna');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'internal_error',
      message: messages.generic.internal,
    });
    expect(res.body).not.toContain('segredo');
    expect(logLines.join('')).toContain('segredo interno');
  });

  it('answers 503 with Retry-After while the database does not answer', async () => {
    const res = await failing.inject('/api/v1/banco-fora');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      statusCode: 503,
      code: 'database_unavailable',
      message: 'O banco de dados não respondeu. Tente novamente em instantes.',
    });
    expect(res.body).not.toContain('5432');
  });

  it('serves the web app with history fallback', async () => {
    const page = await app.inject('/flows/123');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Ponte</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await app.inject('/')).body).toContain('<title>Ponte</title>');

    const asset = await app.inject('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');

    expect((await app.inject({ method: 'POST', url: '/flows' })).statusCode).toBe(404);
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
  });

  it('says how to build the web app when it is missing, and still serves the API', async () => {
    const res = await failing.inject('/flows');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe(missingBuildMessage);
    expect(res.body).toContain('npm run build');
    expect((await failing.inject('/account/v1/setup')).statusCode).toBe(200);
  });

  it('publishes the OpenAPI document and Swagger UI from local assets', async () => {
    const doc = (await app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/groups',
      '/api/v1/groups/{id}',
      '/api/v1/variables',
      '/api/v1/variables/{id}',
      '/api/v1/db/tables',
      '/api/v1/db/tables/{id}',
      '/api/v1/db/tables/{id}/duplicate',
      '/api/v1/db/entities',
      '/api/v1/db/entities/{id}',
      '/api/v1/db/entities/mass',
      '/api/v1/db/entities/export/{id}/csv',
      '/api/v1/users/me',
      '/api/v1/workspaces/current',
      '/account/v1/authenticate',
      '/account/v1/setup',
      '/account/v1/workspaces/switch',
      '/api/v1/flows',
      '/api/v1/flows/{id}',
      '/api/v1/flows/duplicate/{id}',
      '/api/v1/forms',
      '/api/v1/forms/{id}',
      '/api/v1/monitoring/logs',
      '/api/v1/monitoring/executions/completed',
      '/api/v1/monitoring/executions/completed/timeseries',
      '/api/v1/monitoring/executions/running',
      '/engine/library',
      '/engine/schema-validator/flow-data',
      '/engine/status',
      '/engine/stop-execution',
      '/engine/stop-execution/restart',
      '/engine/flow/manual-trigger/{flowId}',
      '/engine/webhook/{flowId}/{path}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { summary?: string; security?: unknown[] }>>,
    )
      .filter(([path]) => path !== '/api/v1/falha-interna') // added by this test
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({ path, method, ...operation })),
      );
    expect(operations.filter((operation) => !operation.summary)).toEqual([]);
    const sessionPaths = operations.filter(
      (operation) =>
        (operation.path.startsWith('/api/v1/') || operation.path.startsWith('/engine/')) &&
        !operation.path.startsWith('/engine/webhook/') &&
        // Service connectors' triggers: the service's signature guards them (docs/adr/0091).
        !operation.path.startsWith('/engine/hooks/') &&
        // Public forms: the page, its definition and the submissions (docs/adr/0038).
        !operation.path.startsWith('/engine/forms/') &&
        // An approval's link: whoever holds it decides, without a session (docs/adr/0100).
        !operation.path.startsWith('/engine/approvals/') &&
        // An 'Aguardar chamada' link: whoever holds it resumes the run (docs/adr/0114).
        !operation.path.startsWith('/engine/resume/') &&
        // An approver's signed link of an 'Aguardar aprovação' (docs/adr/0115).
        !operation.path.startsWith('/engine/approval-requests/'),
    );
    expect(sessionPaths.filter((operation) => !operation.security?.length)).toEqual([]);
    expect(doc.paths['/engine/webhook/{flowId}/{path}'].post.security).toEqual([]);
    expect(doc.paths['/engine/hooks/{flowId}/{nodeUid}'].post.security).toEqual([]);
    // HEAD: the service's check that the address answers (Trello's, docs/adr/0091).
    for (const method of ['get', 'head', 'post'])
      expect(doc.paths['/engine/hooks/{flowId}/{nodeUid}'][method]?.security, method).toEqual([]);
    for (const method of ['GET', 'HEAD', 'POST'] as const) {
      const res = await app.inject({ method, url: '/engine/hooks/nenhum/nada' });
      expect(res.statusCode, method).toBe(404);
    }
    expect(doc.paths['/engine/forms/{id}/submit'].post.security).toEqual([]);
    expect(doc.paths['/engine/resume/{token}'].post.security).toEqual([]);
    expect(doc.paths['/engine/approval-requests/{token}/decision'].post.security).toEqual([]);
    const create = doc.paths['/api/v1/groups'].post;
    expect(create.requestBody.content['application/json'].schema.properties.name).toBeDefined();
    expect(create.responses['201']).toBeDefined();
    expect(create.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/groups'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'query']),
    );

    const ui = await app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    expect(ui.body).not.toMatch(/https?:\/\/(unpkg|cdn)/);
    const bundle = await app.inject('/api/docs/static/swagger-ui-bundle.js');
    expect(bundle.statusCode).toBe(200);
  });
});
