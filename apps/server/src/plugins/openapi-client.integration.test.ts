import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { useTestApp } from '../test/test-app';

/**
 * A program's view of the API: the document at /api/docs/json passes an OpenAPI linter
 * (Redocly's structural rules), openapi-typescript turns it into types, a small client written
 * against those types compiles under `strict`, and the same client, run with openapi-fetch,
 * gets the answers it was typed for.
 */

const require = createRequire(import.meta.url);
const openapiFetchDir = dirname(require.resolve('openapi-fetch/package.json'));

/** The client a program would write; `paths` comes from the generated file beside it. */
const clientSource = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function useTheApi(baseUrl: string, token: string) {
  const api = createClient<paths>({ baseUrl, headers: { authorization: 'Bearer ' + token } });
  const health = await api.GET('/healthz');
  const created = await api.POST('/api/v1/groups', { body: { name: 'Logística' } });
  if (!created.data) throw new Error('grupo não criado: ' + JSON.stringify(created.error));
  const groupId: string = created.data._id;
  const read = await api.GET('/api/v1/groups/{id}', { params: { path: { id: groupId } } });
  const renamed = await api.PUT('/api/v1/groups/{id}', {
    params: { path: { id: groupId } },
    body: { name: 'Logística Sul' },
  });
  const list = await api.GET('/api/v1/groups', { params: { query: { page: 1, limit: 10 } } });
  const variable = await api.POST('/api/v1/variables', {
    body: { name: 'Token do ERP', key: 'ERP_TOKEN', value: 'abc' },
  });
  const refused = await api.POST('/api/v1/variables', {
    body: { name: 'Outra', key: '1-chave-inválida' },
  });
  const names: string[] = (list.data?.items ?? []).map((group) => group.name);
  return {
    health: health.response.status,
    created: created.response.status,
    read: read.data?.name,
    renamed: renamed.data?.name,
    names,
    variable: variable.data?.key,
    refused: refused.response.status,
  };
}
`;

/** A call the server would refuse, which the generated types must refuse first. */
const wrongClientSource = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function wrong() {
  const api = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
  await api.POST('/api/v1/groups', { body: { nome: 'Logística' } });
}
`;

function compile(dir: string, file: string): string[] {
  const program = ts.createProgram([join(dir, file)], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    baseUrl: dir,
    paths: { 'openapi-fetch': [openapiFetchDir] },
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('a client generated from the OpenAPI document', () => {
  const t = useTestApp('embedded');
  let dir = '';
  let document = '';
  let baseUrl = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ponte-openapi-client-'));
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    document = res.body;
    await writeFile(join(dir, 'api.ts'), astToString(await openapiTS(document)));
    await writeFile(join(dir, 'client.ts'), clientSource);
    await writeFile(join(dir, 'wrong.ts'), wrongClientSource);
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is a valid OpenAPI document by a linter', async () => {
    // Redocly's rules for what the document promises: valid structure, an id on every
    // operation and none twice, servers, and a security requirement (possibly empty) on every
    // operation. Not 'no-path-trailing-slash': the spec writes the OAuth2 authorize address with
    // its slash (that each path is listed once is checked in openapi.integration.test.ts).
    const rules = [
      'struct',
      'no-identical-paths',
      'operation-operationId',
      'operation-operationId-unique',
      'operation-operationId-url-safe',
      'no-empty-servers',
      'security-defined',
      'path-parameters-defined',
    ];
    const config = await createConfig({
      rules: Object.fromEntries(rules.map((rule) => [rule, 'error'])),
    });
    const problems = await lintFromString({ source: document, config });
    expect(
      problems
        .filter((problem) => problem.severity === 'error')
        .map(
          (problem) => `${problem.ruleId}: ${problem.message} @ ${problem.location[0]?.pointer}`,
        ),
    ).toEqual([]);
  });

  it('compiles under strict TypeScript, and refuses a body the server would refuse', () => {
    expect(compile(dir, 'client.ts')).toEqual([]);
    expect(compile(dir, 'wrong.ts').join('\n')).toMatch(/nome/);
  });

  it('makes calls that succeed, and gets the answers it was typed for', async () => {
    const account = await t.createAccount();
    const js = ts.transpileModule(clientSource, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const entry = pathToFileURL(join(openapiFetchDir, 'dist', 'index.mjs')).href;
    const file = join(dir, 'client.mjs');
    await writeFile(file, js.replace(`from 'openapi-fetch'`, `from '${entry}'`));
    const { useTheApi } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      useTheApi: (baseUrl: string, token: string) => Promise<Record<string, unknown>>;
    };
    expect(await useTheApi(baseUrl, account.token)).toEqual({
      health: 200,
      created: 201,
      read: 'Logística',
      renamed: 'Logística Sul',
      names: ['Logística Sul'],
      variable: 'ERP_TOKEN',
      refused: 400,
    });
  });
});
