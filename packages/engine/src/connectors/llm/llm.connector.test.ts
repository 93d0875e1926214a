import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import type { HttpRequest } from '../../ports';
import { createFakePorts, jsonResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { llmConnector } from './llm.connector';

// Answers as the providers document them: OpenAI's Chat Completions
// (https://platform.openai.com/docs/api-reference/chat/create), Anthropic's Messages
// (https://docs.anthropic.com/en/api/messages), Gemini's generateContent
// (https://ai.google.dev/api/generate-content).
const m = messages.llm;

function withAccounts() {
  const ports = createFakePorts();
  ports.accounts.openai = {
    _id: 'openai',
    name: 'OpenAI da loja',
    type: 'openai_compatible',
    data: { api_url: 'https://api.openai.com/v1', api_key: 'sk-segredo' },
  };
  ports.accounts.local = {
    _id: 'local',
    name: 'Ollama',
    type: 'openai_compatible',
    data: { api_url: 'https://ollama.exemplo.com.br/v1', api_key: '' },
  };
  ports.accounts.anthropic = {
    _id: 'anthropic',
    name: 'Claude',
    type: 'anthropic_api',
    data: { api_key: 'sk-ant-segredo' },
  };
  ports.accounts.gemini = {
    _id: 'gemini',
    name: 'Gemini',
    type: 'gemini_api',
    data: { api_key: 'AIza-segredo' },
  };
  return ports;
}

const openAiAnswer = (content: string) =>
  jsonResponse(200, {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'gpt-4o-mini-2024-07-18',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
  });

const bodyOf = (call: HttpRequest) => JSON.parse(String(call.body)) as Record<string, unknown>;

describe('svc_llm', () => {
  it('OpenAI-compatible: system and user messages, Bearer key, tokens and the text', async () => {
    const ports = withAccounts();
    ports.httpHandler = () => openAiAnswer('Pedido aprovado.');
    const { emitted } = await runNode(llmConnector, {
      ports,
      params: {
        service_account: 'openai',
        model: 'gpt-4o-mini',
        system: 'Você é um atendente.',
        message: 'Resuma: {{ msg.payload.pedido }}',
        temperature: 0.2,
        mask_personal_data: false,
      },
      input: { payload: { pedido: 'pedido 42' } },
    });
    const call = ports.httpCalls[0]!;
    expect(call.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(call.headers.authorization).toBe('Bearer sk-segredo');
    expect(bodyOf(call)).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Você é um atendente.' },
        { role: 'user', content: 'Resuma: pedido 42' },
      ],
      temperature: 0.2,
      max_tokens: 1024,
      // A text answer is asked as a stream; a server answering whole is read whole.
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(emitted[0]!.msg.payload).toBe('Pedido aprovado.');
    expect(emitted[0]!.msg.llm).toEqual({
      model: 'gpt-4o-mini-2024-07-18',
      provider: 'openai',
      tokens: { entrada: 12, saida: 5 },
      masked: {},
    });
  });

  it('a local server without a key gets no Authorization header', async () => {
    const ports = withAccounts();
    ports.httpHandler = () => openAiAnswer('ok');
    await runNode(llmConnector, {
      ports,
      params: { service_account: 'local', model: 'llama3.2:3b', message: 'Oi' },
    });
    expect(ports.httpCalls[0]!.url).toBe('https://ollama.exemplo.com.br/v1/chat/completions');
    expect(ports.httpCalls[0]!.headers.authorization).toBeUndefined();
  });

  it('Anthropic: x-api-key, version, system apart, max_tokens; text blocks joined', async () => {
    const ports = withAccounts();
    ports.httpHandler = () =>
      jsonResponse(200, {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [
          { type: 'text', text: 'Olá, ' },
          { type: 'text', text: 'tudo certo.' },
        ],
        stop_reason: 'end_turn',
        usage: { input_tokens: 20, output_tokens: 4 },
      });
    const { emitted } = await runNode(llmConnector, {
      ports,
      params: {
        service_account: 'anthropic',
        model: 'claude-sonnet-4-5',
        system: 'Seja breve.',
        message: 'Oi',
        max_tokens: 256,
      },
    });
    const call = ports.httpCalls[0]!;
    expect(call.url).toBe('https://api.anthropic.com/v1/messages');
    expect(call.headers).toMatchObject({
      'x-api-key': 'sk-ant-segredo',
      'anthropic-version': '2023-06-01',
    });
    expect(bodyOf(call)).toEqual({
      model: 'claude-sonnet-4-5',
      system: 'Seja breve.',
      messages: [{ role: 'user', content: 'Oi' }],
      max_tokens: 256,
      stream: true,
    });
    expect(emitted[0]!.msg.payload).toBe('Olá, tudo certo.');
    expect(emitted[0]!.msg.llm).toMatchObject({
      provider: 'anthropic',
      tokens: { entrada: 20, saida: 4 },
    });
  });

  it('Gemini: the model in the path, x-goog-api-key, JSON mime type; the JSON parsed', async () => {
    const ports = withAccounts();
    ports.httpHandler = () =>
      jsonResponse(200, {
        candidates: [
          {
            content: { role: 'model', parts: [{ text: '```json\n{"total": 42}\n```' }] },
            finishReason: 'STOP',
          },
        ],
        usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 7, totalTokenCount: 37 },
        modelVersion: 'gemini-2.5-flash',
      });
    const { emitted } = await runNode(llmConnector, {
      ports,
      params: {
        service_account: 'gemini',
        model: 'models/gemini-2.5-flash',
        message: 'Some 40 e 2',
        temperature: 0,
        response_format: 'json',
      },
    });
    const call = ports.httpCalls[0]!;
    expect(call.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent',
    );
    expect(call.headers['x-goog-api-key']).toBe('AIza-segredo');
    const body = bodyOf(call);
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'Some 40 e 2' }] }]);
    expect(body.generationConfig).toEqual({
      temperature: 0,
      maxOutputTokens: 1024,
      responseMimeType: 'application/json',
    });
    expect(JSON.stringify(body.systemInstruction)).toContain('JSON');
    expect(emitted[0]!.msg.payload).toEqual({ total: 42 });
    expect(emitted[0]!.msg.llm).toMatchObject({
      provider: 'gemini',
      tokens: { entrada: 30, saida: 7 },
    });
  });

  it('masks personal data before the call and unmasks the answer; only counts go out', async () => {
    const ports = withAccounts();
    ports.httpHandler = (request) => {
      const sent = JSON.stringify(bodyOf(request));
      return openAiAnswer(sent.includes('[CPF_1]') ? 'Cliente [CPF_1] ok' : 'sem máscara');
    };
    const { emitted } = await runNode(llmConnector, {
      ports,
      params: { service_account: 'openai', model: 'gpt-4o-mini', message: 'CPF 529.982.247-25' },
    });
    expect(String(ports.httpCalls[0]!.body)).not.toContain('529.982.247-25');
    expect(emitted[0]!.msg.payload).toBe('Cliente 529.982.247-25 ok');
    expect(emitted[0]!.msg.llm).toMatchObject({ masked: { CPF: 1 } });
  });

  it('puts the masked values back in every string of a JSON answer, then checks the schema', async () => {
    const ports = withAccounts();
    ports.httpHandler = () => openAiAnswer('{"cliente": {"cpf": "[CPF_1]", "nota": "ok [CPF_1]"}}');
    const { emitted } = await runNode(llmConnector, {
      ports,
      params: {
        service_account: 'openai',
        model: 'gpt-4o-mini',
        message: 'Extraia: CPF 529.982.247-25',
        response_format: 'json',
        json_schema:
          '{"type":"object","properties":{"cliente":{"type":"object","properties":{"cpf":{"type":"string","pattern":"^\\\\d{3}\\\\."}}}}}',
      },
    });
    expect(ports.httpCalls).toHaveLength(1);
    expect(emitted[0]!.msg.payload).toEqual({
      cliente: { cpf: '529.982.247-25', nota: 'ok 529.982.247-25' },
    });
  });

  it('asks once more when the JSON breaks the schema, then gives the value', async () => {
    const ports = withAccounts();
    const answers = ['{"total": "quarenta"}', '{"total": 42}'];
    ports.httpHandler = () => openAiAnswer(answers.shift()!);
    const { emitted, logs } = await runNode(llmConnector, {
      ports,
      params: {
        service_account: 'openai',
        model: 'gpt-4o-mini',
        message: 'Some',
        response_format: 'json',
        json_schema:
          '{"type":"object","properties":{"total":{"type":"number"}},"required":["total"]}',
      },
    });
    expect(ports.httpCalls).toHaveLength(2);
    const second = bodyOf(ports.httpCalls[1]!);
    expect(second.response_format).toEqual({ type: 'json_object' });
    // A JSON answer is read whole: it is checked as a whole anyway.
    expect(second.stream).toBeUndefined();
    const turns = second.messages as { role: string; content: string }[];
    expect(turns.slice(1).map((turn) => turn.role)).toEqual(['user', 'assistant', 'user']);
    expect(turns[2]!.content).toBe('{"total": "quarenta"}');
    expect(turns[3]!.content).toContain('total:');
    expect(emitted[0]!.msg.payload).toEqual({ total: 42 });
    expect(emitted[0]!.msg.llm).toMatchObject({ tokens: { entrada: 24, saida: 10 } });
    expect(logs.some((line) => line.type === 'user')).toBe(true);
  });

  it('fails in pt-BR when the second answer is still not JSON', async () => {
    const ports = withAccounts();
    ports.httpHandler = () => openAiAnswer('Claro! Aqui está.');
    const error = await runNode(llmConnector, {
      ports,
      params: {
        service_account: 'openai',
        model: 'gpt-4o-mini',
        message: 'JSON',
        response_format: 'json',
      },
    }).catch((failure: Error) => failure);
    expect(ports.httpCalls).toHaveLength(2);
    expect((error as Error).message).toMatch(
      /^A API compatível com OpenAI não respondeu um JSON válido nem na segunda tentativa/,
    );
  });

  it('says a refused key naming the provider and the account, never the key', async () => {
    const ports = withAccounts();
    ports.httpHandler = () =>
      jsonResponse(400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key. (AIza-segredo)',
          status: 'INVALID_ARGUMENT',
          details: [{ reason: 'API_KEY_INVALID' }],
        },
      });
    const error = await runNode(llmConnector, {
      ports,
      params: { service_account: 'gemini', model: 'gemini-2.5-flash', message: 'Oi' },
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe(
      m.keyRefused(
        'O Google Gemini',
        'Gemini',
        'API key not valid. Please pass a valid API key. (***)',
      ),
    );
  });

  it('an invalid schema is reported on save', () => {
    expect(
      llmConnector.checkParams?.({ response_format: 'json', json_schema: '{"type": ' }),
    ).toMatch(/^O esquema JSON não é válido/);
    expect(llmConnector.checkParams?.({ response_format: 'text', json_schema: '{' })).toBeNull();
  });

  it("lists the account's models for the picker", async () => {
    const ports = withAccounts();
    ports.httpHandler = () =>
      jsonResponse(200, {
        models: [
          {
            name: 'models/gemini-2.5-flash',
            displayName: 'Gemini 2.5 Flash',
            supportedGenerationMethods: ['generateContent'],
          },
          { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
        ],
      });
    const options = await llmConnector.lookupOptions!('models', {
      accountId: 'gemini',
      params: {},
      ports,
      scope: { workspaceId: 'ws-1', flowId: 'flow-1', executionId: 'exec-1' },
      signal: new AbortController().signal,
    });
    expect(ports.httpCalls[0]!.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000',
    );
    expect(options).toEqual([
      { value: 'gemini-2.5-flash', label: 'gemini-2.5-flash', description: 'Gemini 2.5 Flash' },
    ]);
  });
});
