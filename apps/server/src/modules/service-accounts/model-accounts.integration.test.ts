import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { startModelApisStandIn, type ModelApisStandIn } from '../../test/stand-ins/model-apis';
import { useTestApp, type Requester } from '../../test/test-app';

// No AI provider is reached: a stand-in of their documented model lists (OpenAI's
// /v1/models, Anthropic's /v1/models, Gemini's /v1beta/models; sources in the stand-in) answers
// on 127.0.0.2, opened to the network guard.
const key = 'sk-chave-certa-123';
const m = messages.serviceAccounts;
let apis: ModelApisStandIn;
beforeAll(async () => {
  apis = await startModelApisStandIn('127.0.0.2', key);
});
afterAll(() => apis.close());

describe("AI providers' accounts: 'Testar conexão' lists the models", () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });

  async function tested(api: Requester, auth_type: string, data: Record<string, string>) {
    const created = await api.post('/api/v1/service-accounts', {
      name: `${auth_type} ${Math.random().toString(36).slice(2, 7)}`,
      auth_type,
      [auth_type]: data,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    const shown = await api.get(`/api/v1/service-accounts/${id}`);
    expect(shown.body).not.toContain(data.api_key || 'nada');
    return (await api.post(`/api/v1/service-accounts/${id}/test`)).json();
  }

  it('an OpenAI-compatible API: its models with the key, a local server without one, a wrong key refused', async () => {
    const api = t.request((await t.createAccount()).token);
    const openAi = `${apis.url}/openai/v1`;
    expect(
      await tested(api, 'openai_compatible', {
        api_url: openAi,
        api_key: key,
        organization: 'org-loja',
      }),
    ).toMatchObject({
      status: 'ok',
      message: m.modelsTestOk('a API compatível com OpenAI', ['gpt-4o', 'gpt-4o-mini', 'o3-mini']),
    });
    expect(apis.calls.at(-1)).toMatchObject({
      path: '/openai/v1/models',
      headers: { authorization: `Bearer ${key}`, 'openai-organization': 'org-loja' },
    });
    expect(
      await tested(api, 'openai_compatible', { api_url: `${apis.url}/local/v1/` }),
    ).toMatchObject({
      status: 'ok',
      message:
        'Conexão bem-sucedida com a API compatível com OpenAI: 1 modelo disponível (llama3.2:3b).',
    });
    expect(apis.calls.at(-1)!.headers.authorization).toBeUndefined();
    const refused = await tested(api, 'openai_compatible', {
      api_url: openAi,
      api_key: 'sk-errada',
    });
    expect(refused).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(
        /^A API compatível com OpenAI recusou a conexão: Incorrect API key provided/,
      ),
    });
  });

  it('Anthropic: every page of its models; a wrong key refused with its reason', async () => {
    const api = t.request((await t.createAccount()).token);
    const base = `${apis.url}/anthropic`;
    expect(await tested(api, 'anthropic_api', { api_url: base, api_key: key })).toMatchObject({
      status: 'ok',
      message:
        'Conexão bem-sucedida com a Anthropic: 3 modelos disponíveis (claude-sonnet-4-5, claude-haiku-4-5, claude-opus-4-1).',
    });
    const pages = apis.calls.filter((call) => call.path.startsWith('/anthropic/')).slice(-3);
    expect(pages.map((call) => call.path)).toEqual([
      '/anthropic/v1/models?limit=1000',
      '/anthropic/v1/models?limit=1000&after_id=claude-sonnet-4-5',
      '/anthropic/v1/models?limit=1000&after_id=claude-haiku-4-5',
    ]);
    expect(pages[0]!.headers).toMatchObject({
      'x-api-key': key,
      'anthropic-version': '2023-06-01',
    });
    expect(
      await tested(api, 'anthropic_api', { api_url: base, api_key: 'sk-ant-errada' }),
    ).toMatchObject({
      status: 'failed',
      message: m.modelsRefused('A Anthropic', 'invalid x-api-key'),
    });
  });

  it("Gemini: every page, names without 'models/'; a wrong key refused with its reason", async () => {
    const api = t.request((await t.createAccount()).token);
    const base = `${apis.url}/gemini`;
    expect(await tested(api, 'gemini_api', { api_url: base, api_key: key })).toMatchObject({
      status: 'ok',
      message: m.modelsTestOk('o Google Gemini', [
        'gemini-2.5-pro',
        'gemini-2.5-flash',
        'text-embedding-004',
      ]),
    });
    expect(apis.calls.at(-1)).toMatchObject({
      path: '/gemini/v1beta/models?pageSize=1000&pageToken=2',
      headers: { 'x-goog-api-key': key },
    });
    expect(
      await tested(api, 'gemini_api', { api_url: base, api_key: 'AIza-errada' }),
    ).toMatchObject({
      status: 'failed',
      message: m.modelsRefused(
        'O Google Gemini',
        'API key not valid. Please pass a valid API key.',
      ),
    });
  });
});
