import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { runAfterManualTrigger } from '../../test/flow-fixtures';
import {
  startModelChatApisStandIn,
  type ModelChatApisStandIn,
} from '../../test/stand-ins/model-chat-apis';
import { useTestApp, type TestAccount } from '../../test/test-app';

// No AI provider is reached: a stand-in of their documented chat calls (OpenAI's
// https://platform.openai.com/docs/api-reference/chat/create, Anthropic's
// https://docs.anthropic.com/en/api/messages, Gemini's https://ai.google.dev/api/generate-content)
// answers on 127.0.0.2, opened to the network guard.
const key = 'sk-chave-certa-123';
let apis: ModelChatApisStandIn;
beforeAll(async () => {
  apis = await startModelChatApisStandIn('127.0.0.2', key);
});
afterAll(() => apis.close());

const accountTypes = {
  openai: 'openai_compatible',
  anthropic: 'anthropic_api',
  gemini: 'gemini_api',
} as const;

describe("the 'Modelo de linguagem' connector, through an AI account", () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });

  async function aiAccount(
    account: TestAccount,
    provider: keyof typeof accountTypes,
    apiKey = key,
  ): Promise<string> {
    const auth_type = accountTypes[provider];
    const base = provider === 'openai' ? `${apis.url}/openai/v1` : `${apis.url}/${provider}`;
    const res = await t.request(account.token).post('/api/v1/service-accounts', {
      name: `IA ${Math.random().toString(36).slice(2, 8)}`,
      auth_type,
      [auth_type]: { api_url: base, api_key: apiKey },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  const run = (account: TestAccount, params: Record<string, unknown>) =>
    runAfterManualTrigger(t, account, { type: 'svc_llm', uid: 'ia', params });

  it('OpenAI-compatible: the system and user messages reach the API, the text comes back with the tokens', async () => {
    const account = await t.createAccount();
    const id = await aiAccount(account, 'openai');
    const { execution, run: node } = await run(account, {
      service_account: id,
      model: 'gpt-4o-mini',
      system: 'Você é o atendente da loja.',
      message: 'Qual o prazo de entrega?',
      temperature: 0.3,
      max_tokens: 200,
    });
    expect(execution.status).toBe('success');
    expect(apis.calls.at(-1)).toMatchObject({
      provider: 'openai',
      path: '/openai/v1/chat/completions',
      headers: { authorization: `Bearer ${key}` },
      body: {
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'Você é o atendente da loja.' },
          { role: 'user', content: 'Qual o prazo de entrega?' },
        ],
        temperature: 0.3,
        max_tokens: 200,
        // A text answer is streamed (docs/adr/0102): the same output as the whole one.
        stream: true,
        stream_options: { include_usage: true },
      },
      streamed: true,
    });
    expect(node.outputs[0]!.msg).toMatchObject({
      payload: 'Recebido: Qual o prazo de entrega?',
      llm: { model: 'gpt-4o-mini', provider: 'openai', tokens: { entrada: 11, saida: 7 } },
    });
  });

  it('a message holding a CPF and an alphanumeric CNPJ reaches the stand-in masked and the flow gets the unmasked answer', async () => {
    const account = await t.createAccount();
    const id = await aiAccount(account, 'openai');
    const message = 'Cliente CPF 529.982.247-25, empresa CNPJ 12.ABC.345/01DE-35.';
    const { execution, run: node } = await run(account, {
      service_account: id,
      model: 'gpt-4o-mini',
      message,
    });
    expect(execution.status).toBe('success');
    const sent = JSON.stringify(apis.calls.at(-1)!.body);
    expect(sent).not.toContain('529.982.247-25');
    expect(sent).not.toContain('12.ABC.345/01DE-35');
    expect(sent).toContain('Cliente CPF [CPF_1], empresa CNPJ [CNPJ_1].');
    expect(node.outputs[0]!.msg).toMatchObject({
      payload: `Recebido: ${message}`,
      llm: { masked: { CPF: 1, CNPJ: 1 } },
    });
    expect(JSON.stringify(node.outputs[0]!.msg!.llm)).not.toContain('529');
  });

  it('Anthropic: a JSON answer that breaks the schema is asked again once, then parsed', async () => {
    const account = await t.createAccount();
    const id = await aiAccount(account, 'anthropic');
    apis.script(
      'anthropic',
      { text: 'Claro! {"cliente": "Ana"' },
      { text: '```json\n{"cliente": "Ana", "total": 42}\n```' },
    );
    const before = apis.calls.length;
    const { execution, run: node } = await run(account, {
      service_account: id,
      model: 'claude-sonnet-4-5',
      message: 'Extraia o pedido: Ana, R$ 42',
      response_format: 'json',
      json_schema: JSON.stringify({
        type: 'object',
        properties: { cliente: { type: 'string' }, total: { type: 'number' } },
        required: ['cliente', 'total'],
      }),
    });
    expect(execution.status).toBe('success');
    const made = apis.calls.slice(before);
    expect(made).toHaveLength(2);
    expect(made[0]).toMatchObject({
      path: '/anthropic/v1/messages',
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      body: { model: 'claude-sonnet-4-5', max_tokens: 1024 },
    });
    expect(String(made[0]!.body.system)).toContain('"required":["cliente","total"]');
    const retry = made[1]!.body.messages as { role: string; content: string }[];
    expect(retry.map((turn) => turn.role)).toEqual(['user', 'assistant', 'user']);
    expect(retry[1]!.content).toBe('Claro! {"cliente": "Ana"');
    expect(node.outputs[0]!.msg).toMatchObject({
      payload: { cliente: 'Ana', total: 42 },
      llm: { provider: 'anthropic', tokens: { entrada: 26, saida: 12 } },
    });
  });

  it('Anthropic: a JSON still out of the schema after the retry fails the node naming the field', async () => {
    const account = await t.createAccount();
    const id = await aiAccount(account, 'anthropic');
    apis.script('anthropic', { text: '{"total": "42"}' }, { text: '{"total": "quarenta"}' });
    const { execution, summary } = await run(account, {
      service_account: id,
      model: 'claude-sonnet-4-5',
      message: 'Total?',
      response_format: 'json',
      json_schema: '{"type":"object","properties":{"total":{"type":"number"}}}',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toMatch(
      /^A Anthropic respondeu duas vezes um JSON fora do esquema: total: /,
    );
  });

  it('Gemini: waits after a 429 and asks again; the model goes in the path', async () => {
    const account = await t.createAccount();
    const id = await aiAccount(account, 'gemini');
    apis.script('gemini', { status: 429 }, { text: 'Tudo certo.' });
    const before = apis.calls.length;
    const { execution, run: node } = await run(account, {
      service_account: id,
      model: 'gemini-2.5-flash',
      system: 'Responda curto.',
      message: 'Status?',
    });
    expect(execution.status).toBe('success');
    const made = apis.calls.slice(before);
    expect(made.map((call) => call.path)).toEqual([
      '/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent',
      '/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    ]);
    expect(made[1]).toMatchObject({
      streamed: true,
      headers: { 'x-goog-api-key': key },
      body: {
        systemInstruction: { parts: [{ text: 'Responda curto.' }] },
        contents: [{ role: 'user', parts: [{ text: 'Status?' }] }],
        generationConfig: { maxOutputTokens: 1024 },
      },
    });
    expect(node.outputs[0]!.msg).toMatchObject({
      payload: 'Tudo certo.',
      llm: { model: 'gemini-2.5-flash', provider: 'gemini', tokens: { entrada: 17, saida: 5 } },
    });
  });

  it('Gemini: a JSON answer is asked with the JSON mime type and parsed', async () => {
    const account = await t.createAccount();
    const id = await aiAccount(account, 'gemini');
    apis.script('gemini', { text: '{"sentimento": "positivo"}' });
    const { execution, run: node } = await run(account, {
      service_account: id,
      model: 'gemini-2.5-flash',
      message: 'Adorei o produto',
      response_format: 'json',
    });
    expect(execution.status).toBe('success');
    expect(apis.calls.at(-1)!.body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
    });
    expect(node.outputs[0]!.msg!.payload).toEqual({ sentimento: 'positivo' });
  });

  it('a refused key fails the node in pt-BR, naming the provider and the account', async () => {
    const account = await t.createAccount();
    const id = await aiAccount(account, 'anthropic', 'sk-ant-errada');
    const { execution, summary } = await run(account, {
      service_account: id,
      model: 'claude-sonnet-4-5',
      message: 'Oi',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toMatch(
      /^A Anthropic recusou a chave da conta de serviço "IA \w+": invalid x-api-key$/,
    );
    expect(summary?.error?.message).toBe(
      messages.llm.keyRefused(
        'A Anthropic',
        summary!.error!.message.split('"')[1]!,
        'invalid x-api-key',
      ),
    );
  });
});
